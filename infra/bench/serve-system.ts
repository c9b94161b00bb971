import { createServer } from 'node:http';
import { resolve } from 'node:path';
import { startTestSystem } from '@innerecho/embedded';
import { listen } from './floor-hops';
import { recordReadPlan } from './read-recording';

/**
 * A throwaway system for `npm run bench:reads`, in its own process so the load generator
 * does not share its event loop: PGlite in memory, or a fresh database on the server named
 * by DATABASE_URL. Prints one JSON line (`{ url, admin, control }`) once it answers, stops on
 * SIGTERM. `control` is the bench's own address in this process: POST it `{ path, headers }`
 * and it records what that read asks of the databases, for the floor of its path
 * (`read-recording.ts`, `own-statements-floor.ts`), and answers `{ file, statements }`.
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
  const control = await listen(floorControl(system.url));
  process.stdout.write(`${JSON.stringify({ url: system.url, admin: system.admin, control: `http://127.0.0.1:${control}` })}\n`);
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

/** The bench's handle on this process: POST `{ path, headers }` records that read's plan (`read-recording.ts`). */
function floorControl(productUrl: string) {
  return createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      void (async () => {
        const { path, headers } = JSON.parse(Buffer.concat(chunks).toString()) as { path: string; headers: Record<string, string> };
        const plan = await recordReadPlan(productUrl, path, headers);
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(plan));
      })().catch((error: Error) => {
        res.writeHead(500);
        res.end(error.stack);
      });
    });
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
