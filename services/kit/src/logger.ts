import pino from 'pino';

export type Logger = pino.Logger;

export function createLogger(name: string, level: string = process.env.LOG_LEVEL ?? 'info'): Logger {
  return pino({
    name,
    level,
    // Never write secrets into logs, even by accident.
    redact: {
      paths: ['req.headers.cookie', 'req.headers.authorization', 'password', '*.password', 'passwordHash'],
      censor: '[redacted]',
    },
  });
}
