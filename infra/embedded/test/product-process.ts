import { startSystem } from '../src/system';

/**
 * The whole product in this process, as `npm start` runs it minus the frontends build, for
 * tests that kill it (SIGKILL) or stop it (SIGTERM) and start it again on the same data
 * (`DATA_DIR`, `DATABASE_URL`, `PORT`). Once up it prints one JSON line: its address, the
 * generation and voice services' own addresses, and the admin it created on its first start.
 * SIGTERM and SIGINT stop it as `npm start` does: the system drains, then the process exits 0.
 */
async function main() {
  let admin: { email: string; password: string } | null = null;
  const system = await startSystem({
    port: Number(process.env.PORT),
    dataDir: process.env.DATA_DIR!,
    databaseUrl: process.env.DATABASE_URL || undefined,
    logLevel: process.env.LOG_LEVEL ?? 'warn',
    seedAdminEmail: 'admin@innerecho.test',
    onAdminSeeded: (credentials) => (admin = credentials),
  });
  // Stopping is asynchronous; the handler starts it and the process exits when it is done.
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(
      signal,
      () =>
        void (async () => {
          await system.stop();
          process.exit(0);
        })(),
    );
  }
  process.stdout.write(
    `${JSON.stringify({ productReady: { url: system.url, generation: system.services.generation.url, voice: system.services.voice.url, admin } })}\n`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
