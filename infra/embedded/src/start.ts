import { resolve } from 'node:path';
import { buildFrontendsIfStale } from './build-frontends-if-stale';
import { startSystem } from './system';
import { stopOnSignals } from './stop-on-signals';

/**
 * `npm start`: the whole product in one process on http://localhost:3000 with every
 * embedded default (PGlite under ./data, in-process events, local files, the local voice
 * engine, demo checkout). Setting DATABASE_URL, NATS_URL or provider keys switches parts
 * to the real thing.
 */
async function main() {
  // Log lines for people at a terminal; the services' own processes log JSON lines.
  process.env.LOG_FORMAT ??= 'pretty';
  buildFrontendsIfStale();
  let adminNotice = '';
  const system = await startSystem({
    port: Number(process.env.PORT ?? 3000),
    dataDir: resolve(process.env.DATA_DIR ?? './data'),
    databaseUrl: process.env.DATABASE_URL || undefined,
    natsUrl: process.env.NATS_URL || undefined,
    seedAdminEmail: process.env.SEED_ADMIN_EMAIL ?? 'admin@innerecho.local',
    onAdminSeeded: ({ email, password }) => {
      adminNotice = `\n  An admin account was created (shown only this once):\n    email:    ${email}\n    password: ${password}\n`;
    },
  });
  process.stdout.write(`\n  InnerEcho is running at ${system.url}\n${adminNotice}\n  Press Ctrl-C to stop.\n\n`);

  stopOnSignals(system, '\n  Stopping InnerEcho…\n');
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
