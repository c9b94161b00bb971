import { PGlite } from '@electric-sql/pglite';
import { transformSync } from '@swc/core';
import { hashPassword, verifyPassword } from '@innerecho/kit';
// A check of the encoder itself: the product falls back to the ffmpeg binary when node-av does not load, which hides it.
import { LibavEncoderPool, VOICE_ONLY_FORMAT } from '@innerecho/generation';

/**
 * `npx tsx infra/node-versions/native-modules.ts`: the modules that are not plain JavaScript
 * (native add-ons and WebAssembly) each do one real piece of work on the Node running it:
 * argon2 hashes and verifies a password, @swc/core compiles TypeScript (the test runner's
 * transform), node-av encodes a second of audio to MP3 (generation's encoder), PGlite
 * answers a query. CI runs it on every Node the product supports; a failure names the module.
 */
const checks: [string, () => Promise<string>][] = [
  [
    'argon2',
    async () => {
      const hash = await hashPassword('a password long enough');
      if (!(await verifyPassword(hash, 'a password long enough')) || (await verifyPassword(hash, 'another one'))) {
        throw new Error('verify gave the wrong answer');
      }
      return 'hashed and verified a password';
    },
  ],
  [
    '@swc/core',
    async () => {
      const { code } = transformSync('const seconds: number = 60; export default seconds;', {
        jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
      });
      if (!code.includes('const seconds = 60')) throw new Error(`compiled to ${code}`);
      return 'compiled TypeScript';
    },
  ],
  [
    'node-av',
    async () => {
      const pool = new LibavEncoderPool(1);
      try {
        const { available, reason } = await pool.available();
        if (!available) throw new Error(`does not load: ${reason}`);
        const second = async function* () {
          yield new Int16Array(VOICE_ONLY_FORMAT.sampleRate);
        };
        const mp3 = await pool.encode(second(), VOICE_ONLY_FORMAT, false);
        if (mp3.length < 1000) throw new Error(`a second of audio encoded to ${mp3.length} bytes`);
        return `encoded a second of audio to ${mp3.length} bytes of MP3`;
      } finally {
        await pool.close();
      }
    },
  ],
  [
    '@electric-sql/pglite',
    async () => {
      const db = await PGlite.create();
      try {
        const { rows } = await db.query<{ answer: number }>('select 6 * 7 as answer');
        if (rows[0]?.answer !== 42) throw new Error(`answered ${JSON.stringify(rows)}`);
        return 'answered a query';
      } finally {
        await db.close();
      }
    },
  ],
];

async function main() {
  // The encoder's threads do not hold a process open (a service's server does): this does, until the checks end.
  const open = setInterval(() => undefined, 1000);
  let failed = 0;
  for (const [name, check] of checks) {
    try {
      process.stdout.write(`  ${name.padEnd(22)} ok on Node ${process.version}: ${await check()}\n`);
    } catch (error) {
      failed++;
      process.stdout.write(
        `  ${name.padEnd(22)} FAILED on Node ${process.version}: ${error instanceof Error ? error.message : String(error)}\n`,
      );
    }
  }
  clearInterval(open);
  process.exitCode = failed ? 1 : 0;
}

void main();
