import { LibavEncoderPool } from '../src/domain/render/libav-encoder-pool';
import { splitFrames } from '../src/domain/render/mp3-frames';
import { VOICE_ONLY_FORMAT, WITH_MUSIC_FORMAT } from '../src/domain/render/output-format';
import { decodeMp3 } from '@innerecho/embedded';

jest.setTimeout(60_000);
const SR = 44100;

/** A sine of `seconds`, in 1-second chunks, interleaved for `channels`. */
async function* tone(seconds: number, channels: number, hz = 440) {
  for (let s = 0; s < seconds; s++) {
    const chunk = new Int16Array(SR * channels);
    for (let i = 0; i < SR; i++)
      for (let c = 0; c < channels; c++) chunk[i * channels + c] = Math.round(8000 * Math.sin((2 * Math.PI * hz * (s * SR + i)) / SR));
    yield chunk;
  }
}

const framesFor = (seconds: number) => Math.ceil((seconds * SR + 576) / 1152);

describe('the libav MP3 encoder pool', () => {
  const pool = new LibavEncoderPool(2);
  afterAll(() => pool.close());

  test('loads node-av on this machine', async () => {
    await expect(pool.available()).resolves.toMatchObject({ available: true });
  });

  test('more encodes than workers queue, and each gets the frames of its own input', async () => {
    const lengths = [3, 7, 2, 5, 4];
    const outputs = await Promise.all(
      lengths.map((seconds, i) => pool.encode(tone(seconds, i % 2 ? 1 : 2), i % 2 ? VOICE_ONLY_FORMAT : WITH_MUSIC_FORMAT, false)),
    );
    outputs.forEach((mp3, i) => {
      const { frames, header } = splitFrames(mp3);
      expect(header.channels).toBe(i % 2 ? 1 : 2);
      expect(frames.length).toBeGreaterThanOrEqual(framesFor(lengths[i]));
      expect(frames.length).toBeLessThanOrEqual(framesFor(lengths[i]) + 2);
    });
    // What comes back is the tone that went in (amplitude 8000, so RMS about 5657).
    const decoded = decodeMp3(outputs[1], 1);
    const rms = Math.sqrt(decoded.slice(SR, 2 * SR).reduce((sum, v) => sum + v * v, 0) / SR);
    expect(rms).toBeGreaterThan(5000);
    expect(rms).toBeLessThan(6300);
  });

  test('a source that fails ends its own encode with its error; the next encode works', async () => {
    async function* failing() {
      yield* tone(2, 2);
      throw new Error('the speech went missing');
    }
    await expect(pool.encode(failing(), WITH_MUSIC_FORMAT, false)).rejects.toThrow('the speech went missing');
    const { frames } = splitFrames(await pool.encode(tone(3, 2), WITH_MUSIC_FORMAT, false));
    expect(frames.length).toBeGreaterThanOrEqual(framesFor(3));
    expect(frames.length).toBeLessThanOrEqual(framesFor(3) + 2);
  });

  test('the bit reservoir is off when asked: every frame stands alone (main_data_begin 0)', async () => {
    const { frames } = splitFrames(await pool.encode(tone(3, 2), WITH_MUSIC_FORMAT, false));
    // The 9 bits after the 4-byte header (no CRC) are main_data_begin.
    expect(frames.every((f) => ((f[4] << 1) | (f[5] >> 7)) === 0)).toBe(true);
    const withReservoir = splitFrames(await pool.encode(tone(3, 2), WITH_MUSIC_FORMAT, true)).frames;
    expect(withReservoir.some((f) => ((f[4] << 1) | (f[5] >> 7)) !== 0)).toBe(true);
  });
});

describe('closing the pool', () => {
  test('waits for an encode still running to finish, and for its thread to end, before it resolves', async () => {
    const pool = new LibavEncoderPool(1);
    const order: string[] = [];
    let secondChunkAsked!: () => void;
    const insideTheEncode = new Promise<void>((resolve) => (secondChunkAsked = resolve));
    async function* samplesTaken() {
      let chunks = 0;
      for await (const chunk of tone(20, 2)) {
        if (++chunks === 2) secondChunkAsked();
        yield chunk;
      }
    }
    const encoding = pool.encode(samplesTaken(), WITH_MUSIC_FORMAT, false).then((mp3) => {
      order.push('encoded');
      return mp3;
    });
    // Closing while the worker is inside the encode (it has taken samples and asks for more):
    // a process exiting now would abort natively.
    await insideTheEncode;
    await pool.close();
    order.push('closed');
    expect(order).toEqual(['encoded', 'closed']);
    expect(splitFrames(await encoding).frames.length).toBeGreaterThanOrEqual(framesFor(20));
  });
});
