import { resolve } from 'node:path';
import { startTestSystem } from '@innerecho/embedded';

/**
 * A throwaway system for `npm run bench:reads`, in its own process so the load generator
 * does not share its event loop: PGlite in memory, or a fresh database on the server named
 * by DATABASE_URL. Prints one JSON line (`{ url, admin }`) once it answers, stops on SIGTERM.
 */
async function main() {
  const system = await startTestSystem({
    frontendsDir: resolve(__dirname, '..', '..', 'frontends'),
    env: {
      ...process.env,
      SIGN_IN_RATE_LIMIT: '100000',
      API_RATE_LIMIT: '100000000',
      // The product's own mail timings (their defaults), not the quick ones tests wait on: the
      // mail sender's poll is part of what the product does at rest.
      MAIL_POLL_SECONDS: undefined,
      MAIL_RETRY_BASE_SECONDS: undefined,
      MAIL_RETRY_MAX_SECONDS: undefined,
    },
  });
  process.stdout.write(`${JSON.stringify({ url: system.url, admin: system.admin })}\n`);
  let stopping = false;
  // Stopping is asynchronous; the handler starts it and the process exits when it is done.
  process.on(
    'SIGTERM',
    () =>
      void (async () => {
        if (stopping) return;
        stopping = true;
        await system.stop();
        process.exit(0);
      })(),
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
