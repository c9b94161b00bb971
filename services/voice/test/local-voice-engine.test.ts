import { decodeToFloat, encodeWav, runFfmpeg } from '@innerecho/kit';
import { ANALYSIS_RATE, analyseVoice, semitones } from '../src/audio/voice-analysis';
import { checkAndPrepareSample } from '../src/domain/voice-sample';
import { LocalVoiceEngine, type LocalVoiceSettings } from '../src/engines/local-voice-engine';
import { spokenSample } from '@innerecho/embedded';

jest.setTimeout(240_000);

const engine = new LocalVoiceEngine();
const TEXT = [
  'Abundance flows to me from every direction.',
  'I deserve rest, joy and a quiet mind.',
  'My heart is open and my breath is slow.',
];

/** Median F0 of a clip, measured with the same YIN tracker the engine never sees the output of. */
async function medianPitch(samples: Float32Array) {
  const analysis = analyseVoice(await decodeToFloat(encodeWav(samples, 44100), 1, ANALYSIS_RATE));
  return analysis.f0MedianHz!;
}

// Two speakers far apart: a low voice, and a high one made by shifting a recording up
// (which moves its formants too, as a smaller vocal tract does).
test.each([
  ['a low voice', { pitchBaseHz: 80, pitchTopHz: 110 }, 1],
  ['a high voice', { pitchBaseHz: 150, pitchTopHz: 205 }, 1.3],
])("the local engine speaks new text with %s's median pitch within 1 semitone", async (_name, voice, shift) => {
  let raw = await spokenSample({ voice, format: 'wav' });
  if (shift !== 1)
    raw = await runFfmpeg({
      input: raw,
      seekable: true,
      output: { format: 'wav', filters: `asetrate=${Math.round(22050 * shift)},aresample=22050,atempo=${1 / shift}` },
    });
  const { wav } = await checkAndPrepareSample(raw);
  const target = analyseVoice(await decodeToFloat(wav, 1, ANALYSIS_RATE)).f0MedianHz!;

  const cloned = await engine.clone({ voiceId: 'test', sampleWav: wav, label: 'test' });
  const settings = cloned.settings as unknown as LocalVoiceSettings;
  expect(settings.target.f0MedianHz).toBeCloseTo(target, 0);

  const clips = await engine.speak({ voice: cloned, texts: TEXT });
  expect(clips).toHaveLength(3);
  for (const clip of clips) expect(clip.length / 44100).toBeGreaterThan(1);
  const all = new Float32Array(clips.reduce((n, c) => n + c.length, 0));
  clips.reduce((at, c) => (all.set(c, at), at + c.length), 0);
  const spoken = await medianPitch(all);
  expect(Math.abs(semitones(spoken, target))).toBeLessThan(1);

  // And it is not the unmatched default voice speaking: espeak's own median is far off for at least one of them.
  const plain = await engine.speak({ voice: { providerVoiceId: 'plain', settings: null }, texts: TEXT });
  const plainAll = new Float32Array(plain.reduce((n, c) => n + c.length, 0));
  plain.reduce((at, c) => (plainAll.set(c, at), at + c.length), 0);
  const plainPitch = await medianPitch(plainAll);
  if (Math.abs(semitones(plainPitch, target)) < 1) expect(shift).toBe(1);
});
