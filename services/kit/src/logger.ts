import pino from 'pino';

export type Logger = pino.Logger;

/**
 * JSON lines (what log collectors read) unless LOG_FORMAT=pretty, which `npm start` sets
 * for people reading a terminal.
 */
const prettyOutput = (): Pick<pino.LoggerOptions, 'transport'> =>
  process.env.LOG_FORMAT === 'pretty'
    ? { transport: { target: 'pino-pretty', options: { colorize: true, translateTime: 'HH:MM:ss.l', ignore: 'pid,hostname' } } }
    : {};

export function createLogger(name: string, level: string = process.env.LOG_LEVEL ?? 'info'): Logger {
  return pino({
    ...prettyOutput(),
    name,
    level,
    // Never write secrets into logs, even by accident.
    redact: {
      paths: ['req.headers.cookie', 'req.headers.authorization', 'password', '*.password', 'passwordHash'],
      censor: '[redacted]',
    },
  });
}
