// Runs espeak-ng (the npm WASM build, data embedded: no download, works offline) in its own
// long-lived process, so the 18 MB module is compiled once and its memory never lives in the
// service, and an ES module loads the same way under tsx, jest and node.
// Protocol: one JSON job per line on stdin,
//   { "voice": "<espeak voice variant file text>", "speed": 150, "texts": ["...", ...], "ssml": false }
// answered in order on stdout by a 4-byte big-endian clip count then, per text, a 4-byte
// length and the WAV bytes (22,050 Hz, 16-bit mono). A failed job answers count 0xFFFFFFFF,
// then a length and the error message.
import ESpeakNg from 'espeak-ng';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createInterface } from 'node:readline';

const require = createRequire(import.meta.url);
const wasmPath = require.resolve('espeak-ng').replace(/espeak-ng\.js$/, 'espeak-ng.wasm');
const VARIANT_DIR = '/usr/local/share/espeak-ng-data/voices/!v';
const module = await WebAssembly.compile(readFileSync(wasmPath));

function u32(n) {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
}

async function speak(voice, speed, text, ssml) {
  // A fresh instance per text: the CLI's main runs once per instance (cheap: the module is compiled).
  const instance = await ESpeakNg({
    arguments: ['-v', 'en-us+innerecho', '-s', String(speed ?? 150), ...(ssml ? ['-m'] : []), '-w', '/out.wav', '--', text],
    instantiateWasm(imports, receive) {
      WebAssembly.instantiate(module, imports).then((inst) => receive(inst, module));
      return {};
    },
    preRun: [
      (m) => {
        try {
          m.FS.mkdirTree(VARIANT_DIR);
        } catch {
          /* already there */
        }
        m.FS.writeFile(`${VARIANT_DIR}/innerecho`, voice);
      },
    ],
    print: () => {},
    printErr: (line) => process.stderr.write(`${line}\n`),
  });
  return Buffer.from(instance.FS.readFile('/out.wav'));
}

const lines = createInterface({ input: process.stdin });
for await (const line of lines) {
  if (!line.trim()) continue;
  try {
    const job = JSON.parse(line);
    const wavs = [];
    for (const text of job.texts) wavs.push(await speak(job.voice, job.speed, text, job.ssml === true));
    process.stdout.write(Buffer.concat([u32(wavs.length), ...wavs.flatMap((w) => [u32(w.length), w])]));
  } catch (error) {
    const message = Buffer.from(String(error?.message ?? error));
    process.stdout.write(Buffer.concat([u32(0xffffffff), u32(message.length), message]));
  }
}
