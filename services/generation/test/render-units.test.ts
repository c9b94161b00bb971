import { MUSIC_LOOP_MAX_SECONDS } from '../src/domain/render/affirmation-signal';
import { crc16, buildInfoFrame, readInfoFrame } from '../src/domain/render/info-tag';
import { parseFrameHeader, splitFrames } from '../src/domain/render/mp3-frames';
import { frameLayout, planRender } from '../src/domain/render/periodic-plan';
import { closeMp3Encoders, encodeMp3 } from '../src/domain/render/mp3-encoder';
import { VOICE_ONLY_FORMAT, WITH_MUSIC_FORMAT } from '../src/domain/render/output-format';
import { encodeRender, prepareRender, renderAffirmationMp3, streamAffirmationMp3, wholeMp3 } from '../src/domain/render/render-affirmation';
import { cbrFramesBytes } from '../src/domain/render/frame-bytes';
import { splitForSpeech } from '../src/domain/speech-for-text';
import { decodeMp3, syntheticMusic, syntheticSpeech } from '@innerecho/embedded';

jest.setTimeout(60_000);
afterAll(() => closeMp3Encoders());
const SR = 44100;

describe('CRC-16 of the LAME tag', () => {
  test('polynomial 0xA001 gives the standard check value for "123456789"', () => {
    expect(crc16(Buffer.from('123456789'))).toBe(0xbb3d);
    expect(crc16(new Uint8Array(0))).toBe(0);
  });
});

describe('MP3 frame parsing', () => {
  test('a 128 kbit/s 44.1 kHz stereo header is parsed with its frame length and padding', () => {
    const header = parseFrameHeader(Uint8Array.from([0xff, 0xfb, 0x92, 0x44]))!;
    expect(header).toMatchObject({
      version: 1,
      bitrateKbps: 128,
      sampleRate: 44100,
      padding: true,
      channels: 2,
      samplesPerFrame: 1152,
      length: 418,
      sideInfoBytes: 32,
    });
    expect(parseFrameHeader(Uint8Array.from([0xff, 0xfb, 0x90, 0xc4]))).toMatchObject({
      padding: false,
      channels: 1,
      length: 417,
      sideInfoBytes: 17,
    });
  });

  test('bytes that are not a Layer III header are refused', () => {
    expect(parseFrameHeader(Uint8Array.from([0x49, 0x44, 0x33, 0x04]))).toBeNull();
    expect(parseFrameHeader(Uint8Array.from([0xff, 0xfd, 0x90, 0x44]))).toBeNull(); // Layer II
    expect(() => splitFrames(Uint8Array.from([0xff, 0xfb, 0x90, 0x44, 1, 2, 3]))).toThrow(/Not an MP3 frame/);
  });

  test.each(['libav', 'ffmpeg'] as const)(
    "the %s encoder's output splits into whole frames of one format, one per 1152 samples plus delay and flush",
    async (encoder) => {
      const pcm = new Int16Array(SR * 2); // 2 s of silence, mono
      const { frames, header } = splitFrames(await encodeMp3(pcm, VOICE_ONLY_FORMAT, { encoder }));
      expect(header).toMatchObject({ bitrateKbps: 64, channels: 1, sampleRate: 44100 });
      expect(frames.length).toBeGreaterThanOrEqual(Math.ceil((SR * 2 + 576) / 1152));
      expect(frames.length).toBeLessThanOrEqual(Math.ceil((SR * 2 + 576) / 1152) + 2);
      expect(frames.every((f) => f.length === 208 || f.length === 209)).toBe(true);
    },
  );
});

describe('the Info/LAME tag', () => {
  test('carries frames, bytes, delay, padding and a valid CRC, and reads back', () => {
    const header = parseFrameHeader(Uint8Array.from([0xff, 0xfb, 0x92, 0x44]))!;
    const frame = buildInfoFrame({
      header,
      audioFrames: 1000,
      audioBytes: 417_960,
      encoderDelay: 576,
      signalSamples: 1000 * 1152 - 576 - 1500,
    });
    expect(frame.length).toBe(417);
    expect(parseFrameHeader(frame)).toMatchObject({ bitrateKbps: 128, channels: 2, padding: false });
    expect(readInfoFrame(frame, header)).toEqual({
      tag: 'Info',
      frames: 1000,
      bytes: 417_960 + 417,
      encoder: 'LAME3.100',
      delay: 576,
      padding: 1500,
      crcOk: true,
    });
  });

  test('refuses a padding it cannot express', () => {
    const header = parseFrameHeader(Uint8Array.from([0xff, 0xfb, 0x92, 0x44]))!;
    expect(() => buildInfoFrame({ header, audioFrames: 10, audioBytes: 4170, encoderDelay: 576, signalSamples: 11 * 1152 })).toThrow(
      /padding/,
    );
  });
});

describe('the periodic plan', () => {
  test('a track longer than MUSIC_LOOP_MAX_SECONDS loops its first stretch, so a long render copies one loop like a starter track', async () => {
    const track = new Int16Array(2 * 660 * SR).fill(1000);
    const { plan, sources } = await prepareRender({ speech: syntheticSpeech(15.5), music: track, durationSeconds: 600 });
    expect(plan.musicSamples).toBe(MUSIC_LOOP_MAX_SECONDS * SR);
    expect(sources.music.length).toBe(2 * MUSIC_LOOP_MAX_SECONDS * SR);
    expect(plan.mode).toBe('periodic');
    expect(track[track.length - 1]).toBe(1000); // the shared track is not modified
  });

  test('with music, a whole number of voice periods fills the frame-aligned music period with a natural pause', () => {
    const plan = planRender({ durationSeconds: 3600, voiceSamples: 15.5 * SR, musicSamples: 300 * SR, sampleRate: SR, frameSamples: 1152 });
    expect(plan.mode).toBe('periodic');
    expect(plan.voicePeriod % 1152).toBe(0);
    expect(plan.voicePeriod).toBe(plan.musicPeriod);
    expect(plan.voicePeriod - plan.musicLoops * plan.musicSamples).toBeLessThan(1152); // < 26 ms of silence at the loop point
    const pause = plan.voicePeriod / plan.voicesPerPeriod - plan.voiceSamples;
    expect(pause / SR).toBeGreaterThanOrEqual(1);
    expect(pause / SR).toBeLessThanOrEqual(3);
  });

  test('music shorter than the speech loops several times within one period', () => {
    const plan = planRender({ durationSeconds: 600, voiceSamples: 40 * SR, musicSamples: 25 * SR, sampleRate: SR, frameSamples: 1152 });
    expect(plan.mode).toBe('periodic');
    expect(plan.musicLoops).toBeGreaterThan(1);
    expect(plan.voicePeriod / plan.voicesPerPeriod - plan.voiceSamples).toBeGreaterThanOrEqual(SR);
  });

  test('an output shorter than one period is encoded straight through', () => {
    const plan = planRender({ durationSeconds: 180, voiceSamples: 15 * SR, musicSamples: 300 * SR, sampleRate: SR, frameSamples: 1152 });
    expect(plan.mode).toBe('straight');
    expect(plan.totalSamples).toBe(180 * SR);
  });

  test('voice only repeats every voice period, padded to the frame grid, with the tail before the fade-out', () => {
    const plan = planRender({ durationSeconds: 600, voiceSamples: 10 * SR, musicSamples: 0, sampleRate: SR, frameSamples: 1152 });
    expect(plan.mode).toBe('periodic');
    expect(plan.voicePeriod % 1152).toBe(0);
    const layout = frameLayout(plan);
    expect(layout.blockFrames).toBe(plan.voicePeriod / 1152);
    expect(layout.tailStartFrame * 1152).toBeLessThan(plan.totalSamples - plan.fadeSamples);
  });
});

describe('helpers', () => {
  test('long texts are split at sentence ends into pieces of at most 2000 characters', () => {
    const sentence = 'I am calm and I am grounded in this moment. ';
    const pieces = splitForSpeech(sentence.repeat(120));
    expect(pieces.length).toBe(3);
    expect(pieces.every((p) => p.length <= 2000 && p.endsWith('.'))).toBe(true);
    expect(pieces.join(' ')).toBe(sentence.repeat(120).trim());
    expect(splitForSpeech('Short one')).toEqual(['Short one']);
  });

  test('the with-music format is 44.1 kHz joint stereo CBR 128k, voice only is mono 64k', () => {
    expect(WITH_MUSIC_FORMAT).toEqual({ sampleRate: 44100, channels: 2, bitrateKbps: 128, frameSamples: 1152 });
    expect(VOICE_ONLY_FORMAT).toEqual({ sampleRate: 44100, channels: 1, bitrateKbps: 64, frameSamples: 1152 });
  });
});

describe('kept periods', () => {
  /** A period store in memory that counts what it is asked. */
  const memoryPeriods = () => {
    const kept = new Map<string, Buffer>();
    return {
      kept,
      get: async (key: string) => kept.get(key) ?? null,
      put: async (key: string, frames: Buffer) => void kept.set(key, Buffer.from(frames)),
    };
  };
  const speech = syntheticSpeech(4);
  const music = syntheticMusic(10);

  test('a new length of the same speech and music copies the kept period, and the file is the one a fresh render makes', async () => {
    const periods = memoryPeriods();
    const first = await renderAffirmationMp3({ speech, music, durationSeconds: 60, musicId: 'calm' }, { periods, parallelism: 2 });
    expect(first.period).toBe('encoded');
    expect(periods.kept.size).toBe(1);

    const again = await renderAffirmationMp3({ speech, music, durationSeconds: 90, musicId: 'calm' }, { periods, parallelism: 2 });
    const fresh = await renderAffirmationMp3({ speech, music, durationSeconds: 90, musicId: 'calm' }, { parallelism: 2 });
    expect(again.period).toBe('reused');
    expect(fresh.period).toBe('none');
    expect(again.encodedFrames).toBeLessThan(fresh.encodedFrames / 2);
    expect(Buffer.compare(wholeMp3(again), wholeMp3(fresh))).toBe(0);
    expect(decodeMp3(wholeMp3(again), 2).length).toBe(90 * SR * 2);
  });

  test('another speech, music, level of music or encoder setting never takes another pair’s period', async () => {
    const periods = memoryPeriods();
    const base = { speech, music, durationSeconds: 60, musicId: 'calm' };
    expect((await renderAffirmationMp3(base, { periods, parallelism: 2 })).period).toBe('encoded');
    const others = [
      renderAffirmationMp3({ ...base, speech: syntheticSpeech(4.2) }, { periods, parallelism: 2 }),
      renderAffirmationMp3({ ...base, musicId: 'another track' }, { periods, parallelism: 2 }),
      // The same track at another level mixes another signal.
      renderAffirmationMp3({ ...base, music: music.map((x) => x / 2) }, { periods, parallelism: 2 }),
      // The render's steps with another piece encoding.
      prepareRender(base).then((prepared) =>
        encodeRender(prepared, { pieces: { reservoir: true, warmupFrames: 8 }, parallelism: 2 }, periods),
      ),
      renderAffirmationMp3(base, { periods, parallelism: 3 }),
      renderAffirmationMp3({ ...base, music: null }, { periods, parallelism: 2 }),
    ];
    for (const other of others) expect((await other).period).toBe('encoded');
    expect(periods.kept.size).toBe(1 + others.length);
  });

  test('music without an id is never kept (nothing names it)', async () => {
    const periods = memoryPeriods();
    const result = await renderAffirmationMp3({ speech, music, durationSeconds: 60 }, { periods, parallelism: 2 });
    expect(result.period).toBe('none');
    expect(periods.kept.size).toBe(0);
  });
});

describe('the render as a stream', () => {
  const speech = syntheticSpeech(4);
  const music = syntheticMusic(30);

  test("a CBR encode's frame sizes are known before it: LAME's padding of every frame, from any frame on, at both formats", async () => {
    for (const format of [WITH_MUSIC_FORMAT, VOICE_ONLY_FORMAT]) {
      const pcm = new Int16Array(20 * SR * format.channels).map((_, i) => Math.round(8000 * Math.sin(i / 7)));
      const { frames } = splitFrames(await encodeMp3(pcm, format));
      const sizes = frames.map((frame) => frame.length);
      expect(new Set(sizes).size).toBe(2);
      for (const [from, to] of [
        [0, 1],
        [0, 16],
        [8, 500],
        [3, frames.length],
        [frames.length - 1, frames.length],
      ]) {
        expect([from, to, cbrFramesBytes(format, from, to)]).toEqual([from, to, sizes.slice(from, to).reduce((a, b) => a + b, 0)]);
      }
    }
  });

  test('a long render gives its Info frame and head before the last piece of its period is made, and states its length first', async () => {
    const events: string[] = [];
    const stream = await streamAffirmationMp3({ speech, music, durationSeconds: 3600 }, { parallelism: 2 });
    void stream.finished.then(() => events.push('finished'));
    const copies = stream.runs.slice(2, -1);
    void Promise.all(copies).then(() => events.push('period made'));
    const [info, head] = await Promise.all(stream.runs.slice(0, 2));
    events.push('first bytes');
    const result = await stream.finished;
    expect(events).toEqual(['first bytes', 'period made', 'finished']);

    // The first bytes are an Info frame stating the whole file, then whole audio frames.
    const infoHeader = parseFrameHeader(info)!;
    const tag = readInfoFrame(info, infoHeader);
    const file = wholeMp3(result);
    expect({ tag: tag.tag, crcOk: tag.crcOk, bytes: tag.bytes, frames: tag.frames }).toEqual({
      tag: 'Info',
      crcOk: true,
      bytes: stream.size,
      frames: result.frames,
    });
    expect(file.length).toBe(stream.size);
    expect(splitFrames(head).frames.length).toBe(frameLayout(result.plan).headFrames);
    expect(Buffer.compare(file.subarray(0, info.length + head.length), Buffer.concat([info, head]))).toBe(0);
    expect(decodeMp3(file, 2).length).toBe(3600 * SR * 2);
  });

  test('streamed and whole, periodic and straight, with and without a kept period: the same bytes, of the length stated first', async () => {
    const periods = new Map<string, Buffer>();
    const store = { get: async (key: string) => periods.get(key) ?? null, put: async (key: string, b: Buffer) => void periods.set(key, b) };
    for (const [durationSeconds, withMusic, musicId] of [
      [20, true, undefined],
      [600, true, 'calm'],
      [600, true, 'calm'],
      [300, false, undefined],
    ] as const) {
      const input = { speech, music: withMusic ? music : null, durationSeconds, musicId };
      const stream = await streamAffirmationMp3(input, { parallelism: 2, periods: store });
      const streamed = Buffer.concat(await Promise.all(stream.runs));
      const whole = await renderAffirmationMp3({ ...input, musicId: undefined }, { parallelism: 2 });
      expect([durationSeconds, stream.mode, streamed.length]).toEqual([durationSeconds, whole.mode, stream.size]);
      expect(Buffer.compare(streamed, wholeMp3(whole))).toBe(0);
      await stream.finished;
    }
  });
});
