import type { RenderPlan } from './periodic-plan';

/**
 * The mix as a pure function of the sample index, so that every separately encoded piece
 * (head, repeating block, tail, or one straight pass) sees exactly the same signal.
 */
export interface SignalSources {
  /** Mono speech, -1..1. */
  voice: Float32Array;
  /** Interleaved stereo music, -1..1, already at its mix level and with its loop envelope; empty without music. */
  music: Float32Array;
  channels: 1 | 2;
}

/** Music sits this far below the voice (RMS), so the words stay clear. */
export const MUSIC_BELOW_VOICE_DB = 16;
const LOOP_FADE_IN_SECONDS = 0.05;
const LOOP_FADE_OUT_SECONDS = 1.0;

function rms(samples: Float32Array): number {
  let sum = 0;
  let count = 0;
  for (let i = 0; i < samples.length; i++) {
    const v = samples[i];
    // Only what is audible counts: pauses would make quiet speech look quieter.
    if (Math.abs(v) > 0.003) {
      sum += v * v;
      count++;
    }
  }
  return count ? Math.sqrt(sum / count) : 0;
}

/**
 * Sets the music's level below the voice and gives each loop a short fade-in and fade-out,
 * so the loop point is a breath rather than a click. Works in place and returns `music`.
 */
export function prepareMusic(music: Float32Array, voice: Float32Array, sampleRate: number): Float32Array {
  const frames = music.length / 2;
  if (frames === 0) return music;
  const voiceLevel = rms(voice) || 0.1;
  const musicLevel = rms(music) || 1;
  const gain = Math.min(1, (voiceLevel * 10 ** (-MUSIC_BELOW_VOICE_DB / 20)) / musicLevel);
  const fadeIn = Math.min(Math.round(LOOP_FADE_IN_SECONDS * sampleRate), Math.floor(frames / 4));
  const fadeOut = Math.min(Math.round(LOOP_FADE_OUT_SECONDS * sampleRate), Math.floor(frames / 4));
  for (let i = 0; i < frames; i++) {
    let g = gain;
    if (i < fadeIn) g *= i / fadeIn;
    else if (i >= frames - fadeOut) g *= (frames - i) / fadeOut;
    music[2 * i] *= g;
    music[2 * i + 1] *= g;
  }
  return music;
}

/** Gentle limiter: transparent below 0.9, never past full scale. */
function limit(x: number): number {
  const a = Math.abs(x);
  if (a <= 0.9) return x;
  const over = a - 0.9;
  const y = 0.9 + 0.1 * Math.tanh(over / 0.1);
  return x < 0 ? -y : y;
}

/**
 * Fills interleaved 16-bit PCM for samples [start, end) of the output. With `withFade`
 * false the end fade-out is left off: the repeating block is the signal before the fade.
 */
export function renderSignal(plan: RenderPlan, sources: SignalSources, start: number, end: number, withFade = true): Int16Array {
  const { voice, music, channels } = sources;
  const out = new Int16Array((end - start) * channels);
  const V = voice.length;
  const Pv = plan.voicePeriod;
  const k = plan.voicesPerPeriod;
  const M = plan.musicSamples;
  const Pm = plan.musicPeriod;
  const musicEnd = M * plan.musicLoops;
  const fadeStart = plan.totalSamples - plan.fadeSamples;
  const hasMusic = M > 0 && music.length > 0;

  for (let t = start; t < end; t++) {
    const vp = ((t % Pv) + Pv) % Pv;
    let i = Math.floor((vp * k) / Pv);
    let vs = Math.floor((i * Pv) / k);
    if (vs > vp) vs = Math.floor((--i * Pv) / k);
    const off = vp - vs;
    const v = off < V ? voice[off] : 0;
    let l = v;
    let r = v;
    if (hasMusic) {
      const mp = ((t % Pm) + Pm) % Pm;
      if (mp < musicEnd) {
        const m = mp % M;
        l += music[2 * m];
        r += music[2 * m + 1];
      }
    }
    let gain = 1;
    if (withFade && t >= fadeStart && plan.fadeSamples > 0) {
      const u = Math.min(1, (t - fadeStart) / plan.fadeSamples);
      gain = 0.5 * (1 + Math.cos(Math.PI * u));
    }
    const o = (t - start) * channels;
    if (channels === 1) {
      out[o] = Math.round(limit(((l + r) / 2) * gain) * 32767);
    } else {
      out[o] = Math.round(limit(l * gain) * 32767);
      out[o + 1] = Math.round(limit(r * gain) * 32767);
    }
  }
  return out;
}
