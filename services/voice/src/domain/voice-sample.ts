import { AppError, AudioTooLongError, decodeToFloatCapped, encodeWav, FfmpegError, refuseLongAudio } from '@innerecho/kit';
import { VOICE_SAMPLE_MAX_SECONDS, VOICE_SAMPLE_MIN_SPEECH_SECONDS } from '@innerecho/contracts';
import { normaliseLevel } from '../audio/speech-level';
import {
  ANALYSIS_RATE,
  FRAME_HOP_SECONDS,
  FRAME_SECONDS,
  analyseVoice,
  frameEnergiesDb,
  speechFrames,
  type VoiceAnalysis,
} from '../audio/voice-analysis';
import { SPEECH_SAMPLE_RATE } from '../engines/voice-engine';

export const SAMPLE_MESSAGES = {
  SAMPLE_NOT_AUDIO: 'We could not read this recording as audio. Please record again.',
  SAMPLE_SILENT: 'Recording is silent: please check your microphone and record again',
  SAMPLE_TOO_SHORT: 'Recording too short: please read all five sentences',
  SAMPLE_TOO_LONG: 'Recording too long: please keep it under 5 minutes',
  SAMPLE_CLIPPED: 'Recording is too loud and distorted: move a little further from the microphone and record again',
} as const;

const refuse = (code: keyof typeof SAMPLE_MESSAGES) => new AppError(400, code, SAMPLE_MESSAGES[code]);

/** More than this share of samples stuck at full scale sounds distorted, and clones the distortion. */
const MAX_CLIPPED_FRACTION = 0.002;

/** A recording may run this much past its limit: the silence before the first word and after the last. */
const LIMIT_MARGIN_SECONDS = 5;

interface RecordingLimits {
  minSpeechSeconds: number;
  tooShortMessage: string;
  /** The longest recording taken, and the refusal of a longer one. */
  maxSeconds: number;
  tooLong: AppError;
}

const sampleTooLong = () => refuse('SAMPLE_TOO_LONG');

/** Decodes at most the recording's limit; anything that does not decode is not audio, anything longer is refused as such. */
async function decode(raw: Buffer, rate: number, limits: RecordingLimits): Promise<Float32Array> {
  try {
    return await decodeToFloatCapped(raw, {
      channels: 1,
      sampleRate: rate,
      maxSeconds: limits.maxSeconds + LIMIT_MARGIN_SECONDS,
      seekable: true,
    });
  } catch (error) {
    if (error instanceof AudioTooLongError) throw limits.tooLong;
    if (error instanceof FfmpegError) throw refuse('SAMPLE_NOT_AUDIO');
    throw error;
  }
}

/**
 * The recording's length as its container states it, before any decoding: a few hundred
 * kilobytes of compressed silence can hold hours, and is refused here at once. A container
 * that does not state its length (a browser's live webm) is bounded by the capped decode.
 */
async function refuseLongRecording(raw: Buffer, limits: RecordingLimits): Promise<void> {
  try {
    await refuseLongAudio(raw, limits.maxSeconds + LIMIT_MARGIN_SECONDS);
  } catch (error) {
    if (error instanceof AudioTooLongError) throw limits.tooLong;
    if (error instanceof FfmpegError) throw refuse('SAMPLE_NOT_AUDIO');
    throw error;
  }
}

/**
 * The checks every recording passes, in the order a person would fix them: it is audio, it
 * is not too long (from its container, then while decoding), not silent, long enough once
 * silence is trimmed (`minSpeechSeconds` of speech, refused with `tooShortMessage`), not
 * clipped. Answers the recording at 44.1 kHz and which analysis frames hold speech.
 */
async function checkRecording(
  raw: Buffer,
  limits: RecordingLimits,
): Promise<{ full: Float32Array; speech: boolean[]; analysis: VoiceAnalysis }> {
  if (raw.length < 100) throw refuse('SAMPLE_NOT_AUDIO');
  await refuseLongRecording(raw, limits);
  const samples = await decode(raw, ANALYSIS_RATE, limits);
  if (samples.length < ANALYSIS_RATE / 10) throw refuse('SAMPLE_NOT_AUDIO');

  const energies = frameEnergiesDb(samples);
  const loud = [...energies].sort((a, b) => a - b)[Math.floor(energies.length * 0.95)] ?? -120;
  if (loud < -50) throw refuse('SAMPLE_SILENT');

  // Durations and levels only here; the pitch analysis belongs to the engine that needs it.
  const analysis = analyseVoice(samples, 0);
  if (analysis.speechSeconds < limits.minSpeechSeconds) throw new AppError(400, 'SAMPLE_TOO_SHORT', limits.tooShortMessage);

  // Clipping is judged at full rate: resampling would round off the flat tops.
  const full = await decode(raw, SPEECH_SAMPLE_RATE, limits);
  if (analyseVoice(full, 0).clippedFraction > MAX_CLIPPED_FRACTION) throw refuse('SAMPLE_CLIPPED');
  return { full, speech: speechFrames(energies), analysis };
}

/**
 * The checks before any clone. The accepted sample is trimmed to its speech (pauses over
 * 300 ms removed) and its speech level normalised, so every engine gets the same clean, even
 * input.
 */
export async function checkAndPrepareSample(raw: Buffer): Promise<{ wav: Buffer; analysis: VoiceAnalysis }> {
  const { full, speech, analysis } = await checkRecording(raw, {
    minSpeechSeconds: VOICE_SAMPLE_MIN_SPEECH_SECONDS,
    tooShortMessage: SAMPLE_MESSAGES.SAMPLE_TOO_SHORT,
    maxSeconds: VOICE_SAMPLE_MAX_SECONDS,
    tooLong: sampleTooLong(),
  });
  // The sample an engine clones from keeps 1 dB of headroom: peaks under -1 dBFS (0.89).
  return { wav: encodeWav(normaliseLevel(keepSpeech(full, speech), { peakCeiling: 0.89 }), SPEECH_SAMPLE_RATE), analysis };
}

export const READING_TOO_SHORT_MESSAGE = 'Recording too short: please read the whole affirmation aloud';
export const readingTooLongMessage = (maxSeconds: number) =>
  `Recording too long: please keep your reading of this affirmation under ${Math.ceil(maxSeconds)} seconds`;

/**
 * A listener reading an affirmation aloud, to be played instead of an engine's speech: the
 * same checks as a voice sample, with the least speech the text needs and the longest
 * recording it can need (anything longer is refused before it is decoded). Only the silence
 * before the first word and after the last is trimmed (the reader's own pauses are part of
 * the reading), and the level is brought to the engines' speaking level.
 */
export async function checkAndPrepareReading(
  raw: Buffer,
  { minSpeechSeconds, maxSeconds }: { minSpeechSeconds: number; maxSeconds: number },
): Promise<{ wav: Buffer; seconds: number }> {
  const { full, speech } = await checkRecording(raw, {
    minSpeechSeconds,
    tooShortMessage: READING_TOO_SHORT_MESSAGE,
    maxSeconds,
    tooLong: new AppError(400, 'READING_TOO_LONG', readingTooLongMessage(maxSeconds)),
  });
  const first = speech.indexOf(true);
  const last = speech.lastIndexOf(true);
  const margin = 0.1;
  const start = Math.max(0, Math.round((first * FRAME_HOP_SECONDS - margin) * SPEECH_SAMPLE_RATE));
  const end = Math.min(full.length, Math.round((last * FRAME_HOP_SECONDS + FRAME_SECONDS + margin) * SPEECH_SAMPLE_RATE));
  const reading = keepRanges(full, [[start, Math.max(start + 1, end)]]);
  return {
    wav: encodeWav(normaliseLevel(reading, { peakCeiling: 0.89 }), SPEECH_SAMPLE_RATE),
    seconds: reading.length / SPEECH_SAMPLE_RATE,
  };
}

/** The speech frames' stretches of `full` (44.1 kHz), joined with 10 ms fades so no click marks a cut. */
function keepSpeech(full: Float32Array, speech: boolean[]): Float32Array {
  const ranges: [number, number][] = [];
  for (let f = 0; f < speech.length; f++) {
    if (!speech[f]) continue;
    const start = Math.round(f * FRAME_HOP_SECONDS * SPEECH_SAMPLE_RATE);
    const end = Math.min(full.length, Math.round((f * FRAME_HOP_SECONDS + FRAME_SECONDS) * SPEECH_SAMPLE_RATE));
    const last = ranges[ranges.length - 1];
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else ranges.push([start, end]);
  }
  return keepRanges(full, ranges);
}

/** `ranges` of `full` joined, without the DC offset, with 10 ms fades so no click marks a cut. */
function keepRanges(full: Float32Array, ranges: [number, number][]): Float32Array {
  const out = new Float32Array(ranges.reduce((n, [a, b]) => n + (b - a), 0));
  const fade = Math.round(0.01 * SPEECH_SAMPLE_RATE);
  let mean = 0;
  for (const s of full) mean += s;
  mean /= Math.max(1, full.length); // DC offset from cheap microphones
  let at = 0;
  for (const [a, b] of ranges) {
    const n = b - a;
    for (let i = 0; i < n; i++) {
      const gain = Math.min(1, i / fade, (n - 1 - i) / fade);
      out[at + i] = (full[a + i] - mean) * gain;
    }
    at += n;
  }
  return out;
}
