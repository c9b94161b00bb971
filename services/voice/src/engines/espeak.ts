import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { join } from 'node:path';
import { decodeWav, encodeWav, OWN_PROCESS_GROUP, type WavAudio } from '@innerecho/kit';

export interface EspeakVoice {
  /** espeak-ng voice variant: base and top of the pitch range (Hz), formant scale (%). */
  pitchBaseHz: number;
  pitchTopHz: number;
  formantPercent: number;
  /** Words per minute. */
  speed: number;
}

/** The espeak-ng variant file for a voice (see espeak-ng docs/voices.md: pitch, formant). */
export function variantFile(voice: EspeakVoice): string {
  const f = Math.round(voice.formantPercent);
  return [
    'name innerecho',
    'language en-us',
    `pitch ${Math.round(voice.pitchBaseHz)} ${Math.round(voice.pitchTopHz)}`,
    ...[1, 2, 3, 4, 5].map((n) => `formant ${n} ${f} 100 100`),
    '',
  ].join('\n');
}

interface Pending {
  count: number;
  resolve: (wavs: Buffer[]) => void;
  reject: (error: Error) => void;
}

/**
 * One long-lived espeak-ng process (see espeak-runner.mjs): the WASM module is compiled
 * once, jobs are answered in order. Restarted on the next job if it ever dies.
 */
class EspeakProcess {
  private child: ChildProcessWithoutNullStreams | null = null;
  private buffer = Buffer.alloc(0);
  private queue: Pending[] = [];
  private stderr = '';

  private ensure(): ChildProcessWithoutNullStreams {
    if (this.child) return this.child;
    const child = spawn(process.execPath, [join(__dirname, 'espeak-runner.mjs')], {
      ...OWN_PROCESS_GROUP,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    this.child = child;
    this.buffer = Buffer.alloc(0);
    child.stdout.on('data', (d: Buffer) => {
      this.buffer = Buffer.concat([this.buffer, d]);
      this.drain();
    });
    child.stderr.on('data', (d: Buffer) => (this.stderr = (this.stderr + d.toString()).slice(-2000)));
    const fail = (why: string) => {
      if (this.child !== child) return;
      this.child = null;
      const pending = this.queue;
      this.queue = [];
      for (const p of pending) p.reject(new Error(`espeak-ng stopped (${why}): ${this.stderr.trim().slice(-500)}`));
    };
    child.on('error', (e) => fail(e.message));
    child.on('exit', (code, signal) => fail(`exit ${code ?? signal}`));
    return child;
  }

  /** Held while jobs are pending; an idle worker must not keep the process (or a test run) alive. */
  private hold(child: ChildProcessWithoutNullStreams, busy: boolean) {
    const handles = [child, child.stdout, child.stderr, child.stdin] as unknown as { ref?: () => void; unref?: () => void }[];
    for (const handle of handles) (busy ? handle.ref : handle.unref)?.call(handle);
  }

  private drain() {
    while (this.queue.length && this.buffer.length >= 4) {
      const count = this.buffer.readUInt32BE(0);
      if (count === 0xffffffff) {
        if (this.buffer.length < 8) return;
        const len = this.buffer.readUInt32BE(4);
        if (this.buffer.length < 8 + len) return;
        const message = this.buffer.subarray(8, 8 + len).toString();
        this.buffer = this.buffer.subarray(8 + len);
        this.queue.shift()!.reject(new Error(`espeak-ng failed: ${message}`));
        if (!this.queue.length && this.child) this.hold(this.child, false);
        continue;
      }
      const wavs: Buffer[] = [];
      let at = 4;
      for (let i = 0; i < count; i++) {
        if (this.buffer.length < at + 4) return;
        const len = this.buffer.readUInt32BE(at);
        if (this.buffer.length < at + 4 + len) return;
        wavs.push(Buffer.from(this.buffer.subarray(at + 4, at + 4 + len)));
        at += 4 + len;
      }
      this.buffer = this.buffer.subarray(at);
      this.queue.shift()!.resolve(wavs);
    }
    if (!this.queue.length && this.child) this.hold(this.child, false);
  }

  run(voice: EspeakVoice, texts: string[], ssml = false): Promise<Buffer[]> {
    return new Promise((resolve, reject) => {
      const child = this.ensure();
      this.hold(child, true);
      this.queue.push({ count: texts.length, resolve, reject });
      child.stdin.write(`${JSON.stringify({ voice: variantFile(voice), speed: voice.speed, texts, ssml })}\n`);
    });
  }

  stop() {
    const child = this.child;
    this.child = null;
    child?.kill();
  }
}

const worker = new EspeakProcess();

const BREAK_SECONDS = 2;
const escapeSsml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * Speaks each text with espeak-ng; resolves with one 16-bit mono WAV (22,050 Hz) per text.
 * Several texts go through ONE synthesis (an instance costs more than a sentence), joined
 * by 2 s SSML breaks and cut apart at those silences; if the cut does not give one clip
 * per text, each text is spoken on its own instead.
 */
export async function espeakSpeak(voice: EspeakVoice, texts: string[]): Promise<Buffer[]> {
  if (texts.length > 1) {
    const [joined] = await worker.run(voice, [`<speak>${texts.map(escapeSsml).join(`<break time="${BREAK_SECONDS}s"/>`)}</speak>`], true);
    const clips = splitAtBreaks(joined, texts.length);
    if (clips) return clips;
  }
  const wavs = await worker.run(voice, texts);
  if (wavs.length !== texts.length) throw new Error(`espeak-ng returned ${wavs.length} clips for ${texts.length} texts`);
  return wavs;
}

/** Cuts a WAV at its `count - 1` silences longer than most of a break; null when they are not there. */
function splitAtBreaks(wav: Buffer, count: number): Buffer[] | null {
  const { samples, sampleRate } = espeakClip(wav);
  const minSilence = Math.round(BREAK_SECONDS * 0.75 * sampleRate);
  const cuts: number[] = [];
  let run = 0;
  for (let i = 0; i < samples.length; i++) {
    if (Math.abs(samples[i]) < 1e-3) run++;
    else {
      if (run >= minSilence) cuts.push(i - Math.round(run / 2));
      run = 0;
    }
  }
  if (cuts.length !== count - 1) return null;
  const bounds = [0, ...cuts, samples.length];
  return bounds.slice(0, -1).map((start, i) => encodeWav(samples.subarray(start, bounds[i + 1]), sampleRate));
}

/** One of espeak-ng's clips, which are 16-bit mono WAV. */
export function espeakClip(wav: Buffer): WavAudio {
  const clip = decodeWav(wav);
  if (!clip || clip.channels !== 1) throw new Error('espeak-ng did not produce a 16-bit mono WAV');
  return clip;
}

/** Ends the espeak-ng process (service shutdown). */
export function stopEspeak() {
  worker.stop();
}
