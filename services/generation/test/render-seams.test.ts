import {
  encodeRender,
  encodeStraight,
  prepareRender,
  renderAffirmationMp3,
  SEAMLESS_PIECES,
  wholeMp3,
  type RenderResult,
} from '../src/domain/render/render-affirmation';
import { splitFrames } from '../src/domain/render/mp3-frames';
import { readInfoFrame } from '../src/domain/render/info-tag';
import { closeMp3Encoders } from '../src/domain/render/mp3-encoder';
import { decodeMp3, decodeWarnings, syntheticMusic, syntheticSpeech } from '@innerecho/embedded';
import { BROKEN_PIECE_ENCODINGS } from './broken-renders';

jest.setTimeout(180_000);

const SR = 44100;
const DECODER_OFFSET = 1105; // encoder delay 576 + decoder delay 529

/**
 * Decodes a render and a straight single-pass reservoir-off encode of the same signal and
 * compares them frame by frame: the difference within 3 frames of every seam must be no
 * larger than the differences elsewhere (which come from frames whose padding byte differs).
 */
function compareWithStraight(render: RenderResult, straight: RenderResult) {
  const ch = render.format.channels;
  const out = decodeMp3(wholeMp3(render), ch);
  const ref = decodeMp3(wholeMp3(straight), ch);
  const frameError = (f: number) => {
    const a = Math.max(0, f * 1152 - DECODER_OFFSET);
    const b = Math.min(out.length / ch, (f + 1) * 1152 - DECODER_OFFSET);
    let sum = 0;
    for (let n = a * ch; n < b * ch; n++) sum += (out[n] - ref[n]) ** 2;
    return Math.sqrt(sum / Math.max(1, (b - a) * ch));
  };
  const nearSeam = new Set<number>();
  for (const s of render.seamFrames) for (let f = s - 3; f <= s + 3; f++) nearSeam.add(f);
  const seam: number[] = [];
  const elsewhere: number[] = [];
  for (let f = 0; f < render.frames; f++) (nearSeam.has(f) ? seam : elsewhere).push(frameError(f));
  const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / Math.max(1, xs.length);
  const seamMax = Math.max(...seam);
  const elseMax = Math.max(...elsewhere);
  return {
    samples: out.length / ch,
    referenceSamples: ref.length / ch,
    seamMax,
    elseMax,
    seamMean: mean(seam),
    elseMean: mean(elsewhere),
    inaudible: seamMax <= elseMax && mean(seam) <= 2 * mean(elsewhere) + 1,
  };
}

// Every case with the encoder the service uses (LAME in node-av's FFmpeg libraries); the
// fallback (the ffmpeg binary) with the case that has every kind of seam.
const cases = [
  // Lengths hold several periods (a voice period is about 9 s, a music period two 20 s loops), so every
  // kind of seam occurs, and are kept short because each case is rendered and decoded 4 times.
  { name: 'voice only', seconds: 45, speech: 6.3, music: 0, mode: 'periodic', encoder: 'libav' },
  { name: 'voice over music shorter than the output', seconds: 100, speech: 6.3, music: 20, mode: 'periodic', encoder: 'libav' },
  {
    name: 'voice over music longer than the output (straight, in parallel pieces)',
    seconds: 40,
    speech: 6.3,
    music: 60,
    mode: 'straight',
    encoder: 'libav',
  },
  { name: 'voice over music shorter than the output', seconds: 100, speech: 6.3, music: 20, mode: 'periodic', encoder: 'ffmpeg' },
] as const;
// Pieces per render, fixed so the seams exist whatever the machine's core count.
const PARALLELISM = 3;

afterAll(() => closeMp3Encoders());

describe.each(cases)('the render with the $encoder encoder, $name', ({ seconds, speech, music, mode, encoder }) => {
  const input = () => ({ speech: syntheticSpeech(speech), music: music ? syntheticMusic(music) : null, durationSeconds: seconds });
  let straight: RenderResult;
  let render: RenderResult;
  let mp3: Buffer;
  beforeAll(async () => {
    // The reference: the same render's steps, encoded in one continuous pass.
    straight = await encodeStraight(await prepareRender(input(), encoder), { pieces: SEAMLESS_PIECES, parallelism: 1 }, 1);
    render = await renderAffirmationMp3(input(), { parallelism: PARALLELISM, encoder });
    mp3 = wholeMp3(render);
  });

  test('joins separately encoded pieces, lasts exactly the chosen duration and decodes without complaint', async () => {
    expect(render.mode).toBe(mode);
    expect(render.encoder).toBe(encoder);
    if (mode === 'periodic') {
      // Only one period is encoded; the rest is copied.
      expect(render.encodedFrames).toBeLessThan(render.frames / 2);
      expect(render.seamFrames.length).toBeGreaterThan(3);
    } else {
      expect(render.seamFrames.length).toBeGreaterThanOrEqual(PARALLELISM - 1);
    }
    const ch = render.format.channels;
    expect(decodeMp3(mp3, ch).length / ch).toBe(seconds * SR);
    expect(decodeWarnings(mp3)).toBe('');
    // One Info tag, at the front, and only audio frames after it.
    const { frames, header } = splitFrames(mp3);
    expect(frames.length).toBe(render.frames);
    const info = readInfoFrame(mp3.subarray(0, 417), header);
    expect(info).toMatchObject({ tag: 'Info', frames: render.frames, bytes: mp3.length, delay: 576, crcOk: true });
  });

  test('the seams are inaudible: no larger difference from a straight encode at any seam than elsewhere', async () => {
    const result = compareWithStraight(render, straight);
    expect(result.samples).toBe(result.referenceSamples);
    expect(result.seamMax).toBeLessThanOrEqual(result.elseMax);
    expect(result.inaudible).toBe(true);
  });

  test.each(BROKEN_PIECE_ENCODINGS)('the check catches a broken render: %s', async (_label, pieces) => {
    // The render's own steps with the pieces made the broken way.
    const broken = await encodeRender(await prepareRender(input(), encoder), { pieces, parallelism: PARALLELISM });
    const result = compareWithStraight(broken, straight);
    expect(result.inaudible).toBe(false);
  });
});
