/**
 * Brings speech to one speaking level: `targetDb` RMS (-20 dBFS, about -18 LUFS for speech),
 * with peaks kept below `peakCeiling`. Silence is returned as it is.
 */
export function normaliseLevel(samples: Float32Array, { targetDb = -20, peakCeiling = 0.95 } = {}): Float32Array {
  let sum = 0;
  let peak = 0;
  for (const s of samples) {
    sum += s * s;
    peak = Math.max(peak, Math.abs(s));
  }
  const rms = Math.sqrt(sum / Math.max(1, samples.length));
  if (rms < 1e-6) return samples;
  const gain = Math.min(10 ** (targetDb / 20) / rms, peakCeiling / peak);
  return samples.map((s) => s * gain);
}
