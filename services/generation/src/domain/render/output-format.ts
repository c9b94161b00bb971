import { MIX_SAMPLE_RATE } from '@innerecho/kit';

/**
 * The MP3s InnerEcho writes (stated in the service README):
 * - with music: 44.1 kHz, joint stereo, CBR 128 kbit/s (57.6 MB per hour);
 * - voice only: 44.1 kHz, mono, CBR 64 kbit/s (28.8 MB per hour).
 * 44.1 kHz MPEG-1 Layer III frames hold 1152 samples per channel.
 */
export interface OutputFormat {
  sampleRate: number;
  channels: 1 | 2;
  bitrateKbps: number;
  frameSamples: number;
}

/** Everything renders at the rate music is decoded and measured at (the kit's, shared with the library). */
export const SAMPLE_RATE = MIX_SAMPLE_RATE;
export const FRAME_SAMPLES = 1152;
/** LAME's encoder delay: decoded sample n appears at n + 576 (+ 529 in the decoder). */
export const ENCODER_DELAY = 576;

export const WITH_MUSIC_FORMAT: OutputFormat = { sampleRate: SAMPLE_RATE, channels: 2, bitrateKbps: 128, frameSamples: FRAME_SAMPLES };
export const VOICE_ONLY_FORMAT: OutputFormat = { sampleRate: SAMPLE_RATE, channels: 1, bitrateKbps: 64, frameSamples: FRAME_SAMPLES };

export function outputFormatFor(hasMusic: boolean): OutputFormat {
  return hasMusic ? WITH_MUSIC_FORMAT : VOICE_ONLY_FORMAT;
}
