import { audibleLevel } from '@innerecho/kit';
import type { RenderPlan } from './periodic-plan';

/**
 * The mix as a pure function of the sample index, so that every separately encoded piece
 * (head, repeating block, tail, or one straight pass) sees exactly the same signal.
 */
export interface SignalSources {
  /** Mono speech, -1..1. */
  voice: Float32Array;
  /** Interleaved stereo 16-bit music as decoded; empty without music. */
  music: Int16Array;
  /** Scales a 16-bit music sample to its level in the mix (below the voice). */
  musicGain: number;
  /** Each loop of the music fades in over this many samples, and out over `musicFadeOut`. */
  musicFadeIn: number;
  musicFadeOut: number;
  channels: 1 | 2;
}

/** Music sits this far below the voice (RMS) by default, so the words stay clear. */
export const MUSIC_BELOW_VOICE_DB = 16;
const LOOP_FADE_IN_SECONDS = 0.05;
const LOOP_FADE_OUT_SECONDS = 1.0;
const INT16_TO_FLOAT = 1 / 32768;
/**
 * The longest stretch of a track that a render loops: its first four minutes, about a starter
 * track's length. A render encodes one loop and copies its frames, so every track costs about
 * what a starter costs, whatever its length (a straight encode of a long track costs as much
 * per minute as the output is long). A longer track plays its first four minutes, then loops
 * with the same breath at the loop point as any track.
 */
export const MUSIC_LOOP_MAX_SECONDS = 240;

/** The frames of a track of `frames` frames that a render at `sampleRate` loops. */
export const loopedMusicFrames = (frames: number, sampleRate: number) => Math.min(frames, MUSIC_LOOP_MAX_SECONDS * sampleRate);

/**
 * How the music enters the mix: its level below the voice, and a short fade-in and fade-out
 * on each loop so the loop point is a breath rather than a click. Only measures: the mix
 * applies gain and fades as it goes, since an hour's render must not copy hundreds of
 * megabytes of music (fresh memory costs page faults). Takes 16-bit samples as decoded, or
 * floats in -1..1 (converted); loops at most the track's first MUSIC_LOOP_MAX_SECONDS.
 */
export function musicForMix(
  music: Float32Array | Int16Array,
  voice: Float32Array,
  sampleRate: number,
  /** The music's audible level when already known (measured by the library at upload). */
  knownLevel?: number,
  /** The listener's balance: how far the music sits below the voice. */
  belowVoiceDb = MUSIC_BELOW_VOICE_DB,
): Pick<SignalSources, 'music' | 'musicGain' | 'musicFadeIn' | 'musicFadeOut'> {
  const frames = loopedMusicFrames(music.length >> 1, sampleRate);
  const samples = music instanceof Int16Array ? music.subarray(0, frames * 2) : toInt16(music.subarray(0, frames * 2));
  const voiceLevel = audibleLevel(voice) || 0.1;
  const musicLevel = knownLevel || audibleLevel(samples) || 1;
  return {
    music: samples,
    musicGain: Math.min(1, (voiceLevel * 10 ** (-belowVoiceDb / 20)) / musicLevel) * INT16_TO_FLOAT,
    musicFadeIn: Math.min(Math.round(LOOP_FADE_IN_SECONDS * sampleRate), Math.floor(frames / 4)),
    musicFadeOut: Math.min(Math.round(LOOP_FADE_OUT_SECONDS * sampleRate), Math.floor(frames / 4)),
  };
}

function toInt16(samples: Float32Array): Int16Array {
  const out = new Int16Array(samples.length);
  for (let i = 0; i < samples.length; i++) out[i] = Math.max(-32768, Math.min(32767, Math.round(samples[i] * 32768)));
  return out;
}

/** Gentle limiter: transparent below 0.9, never past full scale. */
const LIMIT_FROM = 0.9;
function limit(x: number): number {
  const a = Math.abs(x);
  if (a <= LIMIT_FROM) return x;
  const y = LIMIT_FROM + (1 - LIMIT_FROM) * Math.tanh((a - LIMIT_FROM) / (1 - LIMIT_FROM));
  return x < 0 ? -y : y;
}

/**
 * Fills interleaved 16-bit PCM for samples [start, end) of the output. With `withFade`
 * false the end fade-out is left off: the repeating block is the signal before the fade.
 *
 * The mix is a pure function of the sample index t: repetition i of the voice (of k per
 * voice period Pv) starts at floor(i * Pv / k); the music plays `musicLoops` times from the
 * start of each music period, then silence. The loop walks runs of samples over which
 * nothing changes but the indices (same repetition, voice sounding or not, music sounding
 * or not, fade or not): this is the hot loop of every render.
 */
export function renderSignal(plan: RenderPlan, sources: SignalSources, start: number, end: number, withFade = true): Int16Array {
  const { voice, music, musicGain, musicFadeIn, musicFadeOut, channels } = sources;
  const out = new Int16Array((end - start) * channels);
  const V = voice.length;
  const Pv = plan.voicePeriod;
  const k = plan.voicesPerPeriod;
  const M = plan.musicSamples;
  const Pm = plan.musicPeriod;
  const hasMusic = M > 0 && music.length > 0;
  const musicEnd = hasMusic ? M * plan.musicLoops : 0;
  const fadeOutFrom = M - musicFadeOut;
  const fadeStart = plan.totalSamples - plan.fadeSamples;
  const fadeFrom = withFade && plan.fadeSamples > 0 ? Math.max(start, fadeStart) : end;
  const voiceStart = (i: number) => Math.floor((i * Pv) / k);

  // Where sample `start` falls in the voice period and in the music period.
  let vp = ((start % Pv) + Pv) % Pv;
  let i = Math.floor((vp * k) / Pv);
  if (voiceStart(i) > vp) i--;
  while (i + 1 < k && voiceStart(i + 1) <= vp) i++;
  let vs = voiceStart(i);
  let nextVs = i + 1 < k ? voiceStart(i + 1) : Pv;
  let mp = hasMusic ? ((start % Pm) + Pm) % Pm : 0;

  let o = 0;
  for (let t = start; t < end; ) {
    const off = vp - vs;
    const voiceOn = off < V;
    const musicOn = mp < musicEnd;
    const m = musicOn ? mp % M : 0;
    const fading = t >= fadeFrom;
    let run = Math.min(end - t, nextVs - vp, voiceOn ? V - off : Infinity, fading ? Infinity : fadeFrom - t);
    // Within a loop of the music: fading in, steady, or fading out.
    const musicZone = m < musicFadeIn ? 0 : m < fadeOutFrom ? 1 : 2;
    if (hasMusic) {
      const zoneEnd = musicZone === 0 ? musicFadeIn : musicZone === 1 ? fadeOutFrom : M;
      run = Math.min(run, musicOn ? Math.min(zoneEnd - m, musicEnd - mp) : Pm - mp);
    }

    for (let j = 0; j < run; j++) {
      const v = voiceOn ? voice[off + j] : 0;
      let l = v;
      let r = v;
      if (musicOn) {
        const g =
          musicZone === 1 ? musicGain : musicZone === 0 ? (musicGain * (m + j)) / musicFadeIn : (musicGain * (M - m - j)) / musicFadeOut;
        l += music[2 * (m + j)] * g;
        r += music[2 * (m + j) + 1] * g;
      }
      if (fading) {
        const u = Math.min(1, (t + j - fadeStart) / plan.fadeSamples);
        const gain = 0.5 * (1 + Math.cos(Math.PI * u));
        l *= gain;
        r *= gain;
      }
      // Limiter only near full scale; Math.floor(x + 0.5) rounds as Math.round does for
      // every sample value here, and is several times faster in this loop.
      if (channels === 1) {
        let x = (l + r) / 2;
        if (x > LIMIT_FROM || x < -LIMIT_FROM) x = limit(x);
        out[o++] = Math.floor(x * 32767 + 0.5);
      } else {
        if (l > LIMIT_FROM || l < -LIMIT_FROM) l = limit(l);
        if (r > LIMIT_FROM || r < -LIMIT_FROM) r = limit(r);
        out[o++] = Math.floor(l * 32767 + 0.5);
        out[o++] = Math.floor(r * 32767 + 0.5);
      }
    }

    t += run;
    vp += run;
    if (vp === nextVs) {
      if (++i === k) {
        i = 0;
        vp = 0;
      }
      vs = voiceStart(i);
      nextVs = i + 1 < k ? voiceStart(i + 1) : Pv;
    }
    if (hasMusic) {
      mp += run;
      if (mp === Pm) mp = 0;
    }
  }
  return out;
}
