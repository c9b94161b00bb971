import { AppError, decodeToFloat, encodeWav, joinWithPauses } from '@innerecho/kit';
import { ANALYSIS_RATE, ENVELOPE_BANDS, analyseVoice, semitones, type VoiceAnalysis } from '../audio/voice-analysis';
import { normaliseLevel } from '../audio/speech-level';
import { espeakClip, espeakSpeak, type EspeakVoice } from './espeak';
import { SPEECH_SAMPLE_RATE, type ClonedVoice, type VoiceEngine } from './voice-engine';

/** What the local engine keeps per voice: the espeak-ng variant and the corrections on top. */
export interface LocalVoiceSettings extends EspeakVoice {
  /** Residual pitch ratio at calibration (resample + tempo); speak() re-measures per text. */
  pitchRatio: number;
  /** Equaliser gains (dB) per ENVELOPE_BANDS interval: the sample's spectral envelope minus espeak's. */
  eqDb: number[];
  /** The sample's figures, for the record. */
  target: { f0MedianHz: number; f0P10Hz: number; f0P90Hz: number; centroidHz: number | null };
}

const CALIBRATION_TEXT = [
  'I am calm, I am safe, and I am exactly where I need to be.',
  'Every breath I take fills me with peace and quiet confidence.',
  'Today I choose to be gentle with myself.',
];
const MAX_EQ_DB = 9;

async function analyseEspeak(voice: EspeakVoice, pitchRatio = 1): Promise<VoiceAnalysis> {
  // Spoken exactly as speak() speaks (one text per sentence), so the calibration holds for it.
  const clips = (await espeakSpeak(voice, CALIBRATION_TEXT)).map(espeakClip);
  const rate = clips[0].sampleRate;
  const joined = encodeWav(
    joinWithPauses(
      clips.map((c) => c.samples),
      0.35,
      rate,
    ),
    rate,
  );
  const samples = await decodeToFloat(joined, 1, ANALYSIS_RATE, { filters: pitchFilter(pitchRatio, rate), seekable: true });
  return analyseVoice(samples);
}

/** Resampling trick: play faster by `ratio` (pitch up), then stretch back to the same tempo. */
function pitchFilter(ratio: number, rate: number): string | undefined {
  if (Math.abs(semitones(ratio, 1)) < 0.05) return undefined;
  return `asetrate=${Math.round(rate * ratio)},aresample=${rate},atempo=${(1 / ratio).toFixed(5)}`;
}

function eqFilter(eqDb: number[]): string {
  const entries = eqDb.map((g, i) => `entry(${Math.round(Math.sqrt(ENVELOPE_BANDS[i] * ENVELOPE_BANDS[i + 1]))},${g.toFixed(1)})`);
  return `firequalizer=gain_entry='${entries.join(';')}'`;
}

const clamp = (v: number, lo: number, hi: number) => Math.max(lo, Math.min(hi, v));

/**
 * The embedded engine: no key, no download. It is a voice-MATCHED synthetic voice, not a
 * clone: espeak-ng speaks, tuned to the sample's median pitch (within a semitone), its
 * pitch range, its formant scale and its long-term spectral envelope. ElevenLabs gives a
 * true clone.
 */
export class LocalVoiceEngine implements VoiceEngine {
  readonly name = 'local' as const;

  async clone({ voiceId, sampleWav }: { voiceId: string; sampleWav: Buffer; label?: string }): Promise<ClonedVoice> {
    const target = analyseVoice(await decodeToFloat(sampleWav, 1, ANALYSIS_RATE, { seekable: true }));
    if (!target.f0MedianHz || !target.f0P10Hz || !target.f0P90Hz) {
      throw new AppError(
        400,
        'SAMPLE_NO_VOICE',
        'We could not hear a clear voice in the recording. Please read the sentences aloud and record again.',
      );
    }
    const voice: EspeakVoice = { pitchBaseHz: target.f0P10Hz * 0.9, pitchTopHz: target.f0P90Hz, formantPercent: 100, speed: 150 };
    const targetRange = Math.log(target.f0P90Hz / target.f0P10Hz);
    // Calibrate pitch base and range against espeak's own measured output (it is not linear).
    let synth = await analyseEspeak(voice);
    for (let i = 0; i < 2 && synth.f0MedianHz && synth.f0P10Hz && synth.f0P90Hz; i++) {
      const scale = target.f0MedianHz / synth.f0MedianHz;
      const synthRange = Math.log(synth.f0P90Hz / synth.f0P10Hz) || 0.1;
      const span = clamp(Math.log(voice.pitchTopHz / voice.pitchBaseHz) * clamp(targetRange / synthRange, 0.6, 1.6), 0.05, 1.6);
      voice.pitchBaseHz = clamp(voice.pitchBaseHz * scale, 30, 400);
      voice.pitchTopHz = clamp(voice.pitchBaseHz * Math.exp(span), voice.pitchBaseHz + 5, 600);
      if (target.centroidHz && synth.centroidHz) {
        voice.formantPercent = clamp(voice.formantPercent * Math.sqrt(target.centroidHz / synth.centroidHz), 80, 125);
      }
      synth = await analyseEspeak(voice);
    }
    if (!synth.f0MedianHz) throw new Error('espeak-ng produced no voiced speech during calibration');
    const pitchRatio = clamp(target.f0MedianHz / synth.f0MedianHz, 0.7, 1.4);
    const corrected = await analyseEspeak(voice, pitchRatio);
    const raw = target.envelopeDb.map((t, i) => t - corrected.envelopeDb[i]);
    const mean = raw.reduce((a, b) => a + b, 0) / raw.length;
    const eqDb = raw.map((g) => clamp(g - mean, -MAX_EQ_DB, MAX_EQ_DB));
    const settings: LocalVoiceSettings = {
      ...voice,
      pitchRatio,
      eqDb,
      target: { f0MedianHz: target.f0MedianHz, f0P10Hz: target.f0P10Hz, f0P90Hz: target.f0P90Hz, centroidHz: target.centroidHz },
    };
    return { providerVoiceId: `local-${voiceId}`, settings: settings as unknown as Record<string, unknown> };
  }

  async speak({ voice, texts }: { voice: ClonedVoice; texts: string[] }): Promise<Float32Array[]> {
    const settings = (voice.settings ?? DEFAULT_SETTINGS) as unknown as LocalVoiceSettings;
    const wavs = await espeakSpeak(settings, texts);
    // One ffmpeg pass for all clips (not one process per sentence): the clips go through
    // joined by a second of silence, and are cut back apart at their known offsets. The
    // pitch correction keeps durations, so the offsets still hold; the gaps absorb any drift.
    const GAP = 1;
    const clips = wavs.map(espeakClip);
    const rate = clips[0]?.sampleRate ?? 22_050;
    const joined = encodeWav(
      joinWithPauses(
        clips.map((c) => c.samples),
        GAP,
        rate,
      ),
      rate,
    );
    // espeak's intonation differs from text to text, so the pitch is matched per text: the
    // median F0 of what espeak said is measured and shifted onto the sample's median.
    const measured = analyseVoice(await decodeToFloat(joined, 1, ANALYSIS_RATE, { seekable: true })).f0MedianHz;
    const ratio = measured ? clamp(settings.target.f0MedianHz / measured, 0.7, 1.4) : settings.pitchRatio;
    const filters = [pitchFilter(ratio, rate), `aresample=${SPEECH_SAMPLE_RATE}`, eqFilter(settings.eqDb)].filter(Boolean).join(',');
    const processed = await decodeToFloat(joined, 1, SPEECH_SAMPLE_RATE, { filters, seekable: true });
    let at = 0;
    return clips.map((clip) => {
      const seconds = clip.samples.length / rate;
      const start = Math.max(0, Math.round((at - GAP / 3) * SPEECH_SAMPLE_RATE));
      const end = Math.min(processed.length, Math.round((at + seconds + GAP / 3) * SPEECH_SAMPLE_RATE));
      at += seconds + GAP;
      return normaliseLevel(processed.slice(start, end));
    });
  }

  async delete(): Promise<void> {
    // Nothing lives outside the profile row and the object store, which the use case clears.
  }
}

const DEFAULT_SETTINGS: LocalVoiceSettings = {
  pitchBaseHz: 82,
  pitchTopHz: 118,
  formantPercent: 100,
  speed: 150,
  pitchRatio: 1,
  eqDb: ENVELOPE_BANDS.slice(1).map(() => 0),
  target: { f0MedianHz: 100, f0P10Hz: 85, f0P90Hz: 125, centroidHz: null },
};
