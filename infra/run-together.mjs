// Runs npm scripts at the same time and prints each one's output as one block when it ends,
// so their lines do not interleave. Fails when any of them fails, after all have ended.
// `npm test` runs lint, typecheck and the frontends' build this way: they share no output,
// and each keeps about one core busy, so side by side they fill two (70 s against 81 s).
import { spawn } from 'node:child_process';

const scripts = process.argv.slice(2);
const started = Date.now();
const results = await Promise.all(
  scripts.map(
    (script) =>
      new Promise((resolve) => {
        const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'] });
        const output = [];
        child.stdout.on('data', (chunk) => output.push(chunk));
        child.stderr.on('data', (chunk) => output.push(chunk));
        child.on('close', (code, signal) => {
          const seconds = ((Date.now() - started) / 1000).toFixed(1);
          process.stdout.write(
            `\n== npm run ${script}: ${code === 0 ? 'ok' : `failed (${signal ?? `exit ${code}`})`} after ${seconds} s\n`,
          );
          process.stdout.write(Buffer.concat(output));
          resolve(code === 0);
        });
      }),
  ),
);
process.exitCode = results.every(Boolean) ? 0 : 1;
