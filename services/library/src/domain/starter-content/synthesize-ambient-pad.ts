import { runFfmpeg } from '@innerecho/kit';

export interface PadRecipe {
  /** Chord notes in Hz; each is nudged to a whole number of cycles over the loop. */
  notes: number[];
  seconds: number;
  /** Slow swells: how many times each note breathes in and out over the loop. */
  swells: number[];
}

/**
 * A calm ambient pad, synthesised here in JavaScript and encoded by ffmpeg (MP3 128k,
 * 44.1 kHz stereo). Every frequency and every swell completes a whole number of cycles
 * over the loop, so the last sample flows into the first and the track loops without a
 * click. (ffmpeg's aevalsrc renders the same sum of sines, but many times slower.)
 *
 * Sines are rotating phasors (a few multiplies a sample, no Math.sin), re-anchored every
 * second so they never drift, and the work yields to the event loop every second of
 * audio: in the single-process mode the other services keep answering meanwhile.
 */
export async function synthesizeAmbientPad(recipe: PadRecipe, outputPath: string, signal?: AbortSignal) {
  const D = recipe.seconds;
  const frames = D * RATE;
  const whole = (f: number) => Math.round(f * D) / D;
  const gain = 0.34 / recipe.notes.length;
  interface Voice {
    side: 0 | 1;
    envelopeHz: number;
    envelopePhase: number;
    partials: [number, number][];
  }
  const voices: Voice[] = [];
  recipe.notes.forEach((hz, i) => {
    for (const side of [0, 1] as const) {
      voices.push({
        side,
        envelopeHz: recipe.swells[i % recipe.swells.length] / D,
        envelopePhase: i * 1.7 + side * 0.9,
        // A slightly detuned twin per side gives a gentle shimmer and the stereo width.
        partials: [
          [whole(hz), 1],
          [whole(hz * (side === 0 ? 1.0021 : 0.9979)), 0.6],
          [whole(2 * hz), 0.12],
        ],
      });
    }
  });
  const pcm = new Int16Array(frames * 2);
  const left = new Float64Array(RATE);
  const right = new Float64Array(RATE);
  for (let start = 0; start < frames; start += RATE) {
    const length = Math.min(RATE, frames - start);
    left.fill(0);
    right.fill(0);
    for (const voice of voices) {
      const out = voice.side === 0 ? left : right;
      const tone = new Float64Array(length);
      for (const [hz, amp] of voice.partials) addSine(tone, hz, amp, start, 0);
      const envelope = new Float64Array(length);
      addSine(envelope, voice.envelopeHz, 0.45, start, voice.envelopePhase);
      for (let n = 0; n < length; n++) out[n] += gain * (0.55 + envelope[n]) * tone[n];
    }
    for (let n = 0; n < length; n++) {
      pcm[(start + n) * 2] = Math.round(Math.max(-1, Math.min(1, left[n])) * 32767);
      pcm[(start + n) * 2 + 1] = Math.round(Math.max(-1, Math.min(1, right[n])) * 32767);
    }
    await new Promise((resolve) => setImmediate(resolve));
    signal?.throwIfAborted();
  }
  await encodeMp3(Buffer.from(pcm.buffer), outputPath, signal);
}

const RATE = 44_100;

/** Adds amp·sin(2πf·(first + n)/RATE + phase) to out[n] by rotating a phasor. */
function addSine(out: Float64Array, hz: number, amp: number, first: number, phase: number) {
  const w = (2 * Math.PI * hz) / RATE;
  const c = Math.cos(w);
  const s = Math.sin(w);
  let x = Math.cos(w * first + phase);
  let y = Math.sin(w * first + phase);
  for (let n = 0; n < out.length; n++) {
    out[n] += amp * y;
    const nx = x * c - y * s;
    y = x * s + y * c;
    x = nx;
  }
}

function encodeMp3(pcm: Buffer, outputPath: string, signal?: AbortSignal) {
  return runFfmpeg({
    input: pcm,
    rawPcm: { sampleRate: RATE, channels: 2 },
    output: { format: 'mp3', codec: 'libmp3lame', bitrateKbps: 128, sampleRate: RATE, channels: 2, options: ['-compression_level', '7'] },
    toFile: outputPath,
    signal,
  });
}

/** Three moods for the starter library. Chords sit low and open, so speech stays clear on top. */
export const STARTER_PADS: { title: string; slug: string; recipe: PadRecipe }[] = [
  { title: 'Morning Light', slug: 'morning-light', recipe: { notes: [130.81, 196.0, 261.63, 329.63], seconds: 180, swells: [3, 4, 5, 6] } },
  { title: 'Deep Calm', slug: 'deep-calm', recipe: { notes: [110.0, 164.81, 220.0, 277.18], seconds: 200, swells: [2, 3, 4, 5] } },
  {
    title: 'Evening Drift',
    slug: 'evening-drift',
    recipe: { notes: [98.0, 146.83, 196.0, 246.94, 293.66], seconds: 220, swells: [2, 3, 5, 4, 6] },
  },
];
