/**
 * The signal processing behind the sample checks and the local engine's voice matching:
 * frame energies, a YIN pitch track (de Cheveigné & Kawahara, 2002) and a long-term
 * average spectrum in bands. Works on mono float samples at ANALYSIS_RATE.
 */
export const ANALYSIS_RATE = 16_000;
const FRAME = 640; // 40 ms: two periods of a 50 Hz voice
const HOP = 320; // 20 ms
const MIN_F0 = 60;
const MAX_F0 = 500;
const YIN_THRESHOLD = 0.15;

/** Band edges (Hz) of the spectral envelope the local engine matches with an equaliser. */
export const ENVELOPE_BANDS = [100, 200, 350, 550, 800, 1100, 1500, 2000, 2700, 3500, 4500, 6000, 7800];

export interface VoiceAnalysis {
  /** Frames whose energy is within 40 dB of the loud frames and above an absolute floor. */
  speechSeconds: number;
  durationSeconds: number;
  peak: number;
  /** Fraction of samples in runs of three or more at full scale: a clipped recording. */
  clippedFraction: number;
  f0MedianHz: number | null;
  f0P10Hz: number | null;
  f0P90Hz: number | null;
  /** Mean level (dB, relative to the loudest band) per ENVELOPE_BANDS interval over voiced frames. */
  envelopeDb: number[];
  /** Power-weighted mean frequency between 200 and 4000 Hz of the voiced frames: a formant-scale proxy. */
  centroidHz: number | null;
}

/** Seconds per entry of frameEnergiesDb / speechFrames. */
export const FRAME_HOP_SECONDS = HOP / ANALYSIS_RATE;
export const FRAME_SECONDS = FRAME / ANALYSIS_RATE;

export function frameEnergiesDb(samples: Float32Array): number[] {
  const out: number[] = [];
  for (let start = 0; start + FRAME <= samples.length; start += HOP) {
    let sum = 0;
    for (let i = start; i < start + FRAME; i++) sum += samples[i] * samples[i];
    out.push(10 * Math.log10(sum / FRAME + 1e-12));
  }
  return out;
}

/** Which frames are speech: loud enough, with short gaps (< 300 ms) inside speech kept. */
export function speechFrames(energiesDb: number[]): boolean[] {
  if (!energiesDb.length) return [];
  const sorted = [...energiesDb].sort((a, b) => a - b);
  const loud = sorted[Math.floor(sorted.length * 0.95)];
  const threshold = Math.max(-55, loud - 40, sorted[Math.floor(sorted.length * 0.1)] + 6);
  const active = energiesDb.map((e) => e > threshold);
  const hangover = Math.round(0.3 / (HOP / ANALYSIS_RATE));
  const kept = [...active];
  // Fill short gaps between active frames: pauses inside speech are speech.
  let lastActive = -Infinity;
  for (let i = 0; i < active.length; i++) {
    if (active[i]) {
      if (i - lastActive > 1 && i - lastActive <= hangover) for (let j = lastActive + 1; j < i; j++) kept[j] = true;
      lastActive = i;
    }
  }
  return kept;
}

/** YIN on one frame: the period's fundamental in Hz, or null when unvoiced. */
function yinFrame(samples: Float32Array, start: number, diff: Float32Array): number | null {
  const maxTau = Math.floor(ANALYSIS_RATE / MIN_F0);
  const minTau = Math.floor(ANALYSIS_RATE / MAX_F0);
  const window = FRAME - maxTau;
  for (let tau = 1; tau <= maxTau; tau++) {
    let sum = 0;
    for (let i = 0; i < window; i++) {
      const d = samples[start + i] - samples[start + i + tau];
      sum += d * d;
    }
    diff[tau] = sum;
  }
  // Cumulative mean normalised difference.
  let running = 0;
  for (let tau = 1; tau <= maxTau; tau++) {
    running += diff[tau];
    diff[tau] = running > 0 ? (diff[tau] * tau) / running : 1;
  }
  for (let tau = minTau; tau < maxTau; tau++) {
    if (diff[tau] < YIN_THRESHOLD) {
      while (tau + 1 < maxTau && diff[tau + 1] < diff[tau]) tau++;
      // Parabolic interpolation around the minimum for sub-sample precision.
      const a = diff[tau - 1];
      const b = diff[tau];
      const c = diff[tau + 1];
      const shift = (a - c) / (2 * (a - 2 * b + c) || 1);
      return ANALYSIS_RATE / (tau + (Number.isFinite(shift) ? Math.max(-1, Math.min(1, shift)) : 0));
    }
  }
  return null;
}

function fft(re: Float64Array, im: Float64Array) {
  const n = re.length;
  for (let i = 1, j = 0; i < n; i++) {
    let bit = n >> 1;
    for (; j & bit; bit >>= 1) j ^= bit;
    j ^= bit;
    if (i < j) {
      [re[i], re[j]] = [re[j], re[i]];
      [im[i], im[j]] = [im[j], im[i]];
    }
  }
  for (let len = 2; len <= n; len <<= 1) {
    const angle = (-2 * Math.PI) / len;
    for (let i = 0; i < n; i += len) {
      for (let k = 0; k < len / 2; k++) {
        const wr = Math.cos(angle * k);
        const wi = Math.sin(angle * k);
        const xr = re[i + k + len / 2] * wr - im[i + k + len / 2] * wi;
        const xi = re[i + k + len / 2] * wi + im[i + k + len / 2] * wr;
        re[i + k + len / 2] = re[i + k] - xr;
        im[i + k + len / 2] = im[i + k] - xi;
        re[i + k] += xr;
        im[i + k] += xi;
      }
    }
  }
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))];
};

/** Analyses up to `maxSeconds` of speech (enough for stable statistics, bounded cost). */
export function analyseVoice(samples: Float32Array, maxSeconds = 40): VoiceAnalysis {
  let peak = 0;
  let clipped = 0;
  let run = 0;
  for (let i = 0; i < samples.length; i++) {
    const a = Math.abs(samples[i]);
    if (a > peak) peak = a;
    if (a >= 0.985) run++;
    else {
      if (run >= 3) clipped += run;
      run = 0;
    }
  }
  if (run >= 3) clipped += run;

  const energies = frameEnergiesDb(samples);
  const speech = speechFrames(energies);
  const speechCount = speech.filter(Boolean).length;
  const diff = new Float32Array(Math.floor(ANALYSIS_RATE / MIN_F0) + 2);
  const f0s: number[] = [];
  const bandPower = new Float64Array(ENVELOPE_BANDS.length - 1);
  let centroidNum = 0;
  let centroidDen = 0;
  const N = 1024;
  const re = new Float64Array(N);
  const im = new Float64Array(N);
  const maxFrames = Math.round((maxSeconds * ANALYSIS_RATE) / (2 * HOP));
  let analysed = 0;
  // Every other speech frame (40 ms steps): plenty for medians and a long-term spectrum, half the cost.
  for (let f = 0; f < speech.length && analysed < maxFrames; f += 2) {
    if (!speech[f]) continue;
    const start = f * HOP;
    if (start + Math.max(FRAME, N) > samples.length) break;
    analysed++;
    const f0 = yinFrame(samples, start, diff);
    if (f0 === null) continue;
    f0s.push(f0);
    for (let i = 0; i < N; i++) {
      re[i] = samples[start + i] * (0.5 - 0.5 * Math.cos((2 * Math.PI * i) / (N - 1)));
      im[i] = 0;
    }
    fft(re, im);
    for (let k = 1; k < N / 2; k++) {
      const hz = (k * ANALYSIS_RATE) / N;
      const p = re[k] * re[k] + im[k] * im[k];
      for (let b = 0; b < bandPower.length; b++) {
        if (hz >= ENVELOPE_BANDS[b] && hz < ENVELOPE_BANDS[b + 1]) bandPower[b] += p / (ENVELOPE_BANDS[b + 1] - ENVELOPE_BANDS[b]);
      }
      if (hz >= 200 && hz <= 4000) {
        centroidNum += hz * p;
        centroidDen += p;
      }
    }
  }
  const bandDb = [...bandPower].map((p) => 10 * Math.log10(p + 1e-20));
  const maxBand = Math.max(...bandDb);
  // Octave-error guard: the median of a YIN track is robust, the tails get trimmed.
  return {
    speechSeconds: (speechCount * HOP) / ANALYSIS_RATE,
    durationSeconds: samples.length / ANALYSIS_RATE,
    peak,
    clippedFraction: samples.length ? clipped / samples.length : 0,
    f0MedianHz: f0s.length >= 10 ? quantile(f0s, 0.5) : null,
    f0P10Hz: f0s.length >= 10 ? quantile(f0s, 0.1) : null,
    f0P90Hz: f0s.length >= 10 ? quantile(f0s, 0.9) : null,
    envelopeDb: bandDb.map((d) => d - maxBand),
    centroidHz: centroidDen > 0 ? centroidNum / centroidDen : null,
  };
}

export const semitones = (a: number, b: number) => 12 * Math.log2(a / b);
