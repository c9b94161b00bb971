import { decodeToPcm16, measureMusic } from '@innerecho/kit';
import { ArrivingMusic } from '../src/domain/render/arriving-music';
import { closeMp3Encoders } from '../src/domain/render/mp3-encoder';
import { renderAffirmationMp3, wholeMp3 } from '../src/domain/render/render-affirmation';
import { syntheticSpeech, musicMp3 } from '@innerecho/embedded';

jest.setTimeout(60_000);
afterAll(() => closeMp3Encoders());

describe('music that is still being decoded', () => {
  const speech = syntheticSpeech(6.3);
  let bytes: Buffer;
  beforeAll(async () => {
    bytes = await musicMp3(40);
  });

  test.each([120, 30])('renders %i s to exactly the bytes of the same render from the decoded track', async (seconds) => {
    const measured = await measureMusic(bytes);
    const decoded = await decodeToPcm16(bytes, 2, 44100);
    expect(measured.decodedFrames).toBe(decoded.length / 2);
    const fromDecoded = await renderAffirmationMp3({ speech, music: decoded, durationSeconds: seconds }, { parallelism: 3 });
    // Decoding starts with the render: every piece waits only for the part of the track it mixes.
    const arriving = ArrivingMusic.decode(bytes, measured.decodedFrames, measured.loudness);
    expect(arriving.framesReady).toBe(0);
    const fromArriving = await renderAffirmationMp3({ speech, music: arriving, durationSeconds: seconds }, { parallelism: 3 });
    expect(fromArriving.mode).toBe(seconds === 120 ? 'periodic' : 'straight');
    expect(wholeMp3(fromArriving).equals(wholeMp3(fromDecoded))).toBe(true);
  });

  test("a track that does not decode fails the render with the decoder's reason", async () => {
    const broken = ArrivingMusic.decode(Buffer.from('not audio at all'), 40 * 44100, 0.1);
    await expect(renderAffirmationMp3({ speech, music: broken, durationSeconds: 60 })).rejects.toThrow(/could not decode/);
    await expect(broken.finished).rejects.toThrow(/could not decode/);
  });
});
