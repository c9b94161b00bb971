import { FRAME_SAMPLES, SAMPLE_RATE } from './output-format';
import { FADE_OUT_SECONDS, type PauseBounds } from './periodic-plan';

/**
 * An affirmation session as the single render knows it: the affirmations and the pauses
 * between them joined into one clip, which the render repeats with the pause after the last
 * one as its pause. The render then stays periodic (one period encoded, the rest copied), so a
 * session costs what a single affirmation of the same length costs.
 *
 * With music the period is whole loops of the track, so the cycle must fit a whole number of
 * times into it: the pauses are made a little longer (never shorter) and the extra is shared
 * between all of them, so no pause stands out. Without music the cycle is padded to the MP3
 * frame grid (< 26 ms, added to the last pause).
 */
export interface AffirmationSessionCycle {
  /** Affirmation 1, pause, affirmation 2, …, affirmation n (no pause after the last). */
  clip: Float32Array;
  /** The pause after the last affirmation, before the first comes again, in samples (may be fractional). */
  lastPauseSamples: number;
  /** From the start of the first affirmation to its next start, in samples (may be fractional). */
  cycleSamples: number;
  /** The pause between affirmations inside the cycle, in seconds, as stretched. */
  pauseSeconds: number;
  /** The render's pause bounds: exactly the last pause. */
  pause: PauseBounds;
}

/** How much longer than asked a pause may become so voice and music loop together: a second, or half the pause. */
const maxStretchSamples = (pauseSamples: number, sampleRate: number) => Math.max(sampleRate, pauseSamples / 2);
/** Music loops tried for a common period (the single render's plan tries as many). */
const MAX_MUSIC_LOOPS = 64;

const ceilTo = (value: number, step: number) => Math.ceil(value / step) * step;

export function planAffirmationSessionCycle(input: {
  speeches: Float32Array[];
  pauseSeconds: number;
  /** Frames of the track (0 without music). */
  musicSamples: number;
  sampleRate?: number;
  frameSamples?: number;
}): AffirmationSessionCycle {
  const { speeches, musicSamples } = input;
  const sampleRate = input.sampleRate ?? SAMPLE_RATE;
  const frameSamples = input.frameSamples ?? FRAME_SAMPLES;
  const count = speeches.length;
  const spoken = speeches.reduce((sum, s) => sum + s.length, 0);
  const pause = Math.round(input.pauseSeconds * sampleRate);
  const asked = spoken + count * pause;

  let innerPause = pause;
  let cycleSamples = ceilTo(asked, frameSamples);
  if (musicSamples > 0) {
    // No stretch found: the render is straight, the pauses as asked.
    cycleSamples = asked;
    for (let loops = 1; loops <= MAX_MUSIC_LOOPS; loops++) {
      const period = ceilTo(loops * musicSamples, frameSamples);
      const cycles = Math.floor(period / asked);
      if (cycles < 1) continue;
      const stretch = (period / cycles - asked) / count;
      if (stretch > maxStretchSamples(pause, sampleRate)) continue;
      innerPause = pause + Math.floor(stretch);
      cycleSamples = period / cycles;
      break;
    }
  }

  const clip = new Float32Array(spoken + (count - 1) * innerPause);
  let at = 0;
  speeches.forEach((speech, i) => {
    clip.set(speech, at);
    at += speech.length + (i < count - 1 ? innerPause : 0);
  });
  const lastPauseSamples = cycleSamples - clip.length;
  return {
    clip,
    lastPauseSamples,
    cycleSamples,
    pauseSeconds: innerPause / sampleRate,
    pause: {
      minSeconds: Math.max(0, lastPauseSamples - 1) / sampleRate,
      nominalSeconds: lastPauseSamples / sampleRate,
      maxSeconds: (lastPauseSamples + 1) / sampleRate,
    },
  };
}

/**
 * The length of a session of `repetitions` cycles, in whole seconds: the last affirmation is
 * followed by at least the fade-out and half a second, so the fade never touches a word.
 */
export function repeatedSessionSeconds(cycle: AffirmationSessionCycle, repetitions: number, sampleRate = SAMPLE_RATE): number {
  const ending = Math.max(cycle.lastPauseSamples, (FADE_OUT_SECONDS + 0.5) * sampleRate);
  return Math.ceil((repetitions * cycle.cycleSamples - cycle.lastPauseSamples + ending) / sampleRate);
}
