import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  audibleLevel,
  AudioTooLongError,
  decodeToFloatCapped,
  flacStatedSeconds,
  measureMusic,
  NearSilence,
  MIX_SAMPLE_RATE,
  probeAudioBytes,
  refuseLongAudio,
  decodePcm16Stream,
  decodeToFloat,
  decodeToPcm16,
  decodeWav,
  encodeWav,
  FfmpegError,
  ffmpegPath,
  joinWithPauses,
  packetSeconds,
  probeAudio,
  runFfmpeg,
  splitSentences,
  trimSilence,
} from '../src';

jest.setTimeout(60_000);

const SR = 44100;
const tone = (seconds: number, hz = 220, amplitude = 0.5) =>
  Float32Array.from({ length: Math.round(seconds * SR) }, (_, i) => amplitude * Math.sin((2 * Math.PI * hz * i) / SR));

let dir: string;
beforeAll(() => (dir = mkdtempSync(join(tmpdir(), 'kit-media-'))));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the sentence splitter', () => {
  test('splits at sentence ends but not at a decimal point, an ellipsis inside a sentence or before a closing quote', () => {
    expect(splitSentences('It costs 3.50 today.  Then   stop.', 280)).toEqual(['It costs 3.50 today.', 'Then stop.']);
    expect(splitSentences('She said “I am here.” Then she left.', 280)).toEqual(['She said “I am here.”', 'Then she left.']);
    expect(splitSentences('Wait… then breathe. Really?! Yes', 280)).toEqual(['Wait… then breathe.', 'Really?!', 'Yes']);
  });

  test('drops pieces with nothing to say in them', () => {
    expect(splitSentences('...', 280)).toEqual([]);
    expect(splitSentences(' ?! … ', 280)).toEqual([]);
  });

  test('cuts a sentence that is too long at a comma, else a space, else anywhere, so no piece is longer than the limit', () => {
    expect(splitSentences('I breathe in slowly, I breathe out slowly, and I rest.', 30)).toEqual([
      'I breathe in slowly,',
      'I breathe out slowly,',
      'and I rest.',
    ]);
    expect(splitSentences('one two three four five six seven', 10)).toEqual(['one two', 'three four', 'five six', 'seven']);
    const word = 'a'.repeat(25);
    expect(splitSentences(word, 10)).toEqual(['a'.repeat(10), 'a'.repeat(10), 'a'.repeat(5)]);
  });
});

describe('the WAV codec', () => {
  test('what it writes, it reads back: mono and stereo, to 16-bit resolution, clamped to full scale', () => {
    const mono = Float32Array.from([0, 0.5, -0.5, 1.5, -1.5]);
    const back = decodeWav(encodeWav(mono, 22050))!;
    expect(back.sampleRate).toBe(22050);
    expect(back.channels).toBe(1);
    expect(Array.from(back.samples).map((s) => Math.round(s * 1000) / 1000)).toEqual([0, 0.5, -0.5, 1, -1]);
    const stereo = decodeWav(encodeWav(Float32Array.from([0.25, -0.25, 0.1, -0.1]), SR, 2))!;
    expect(stereo.channels).toBe(2);
    expect(stereo.samples.length).toBe(4);
  });

  test('reads past other chunks, and a streamed file whose sizes were never filled in', () => {
    const wav = encodeWav(tone(0.01), SR);
    const list = Buffer.concat([Buffer.from('LIST'), Buffer.from([4, 0, 0, 0]), Buffer.from('INFO')]);
    const withList = Buffer.concat([wav.subarray(0, 36), list, wav.subarray(36)]);
    expect(decodeWav(withList)!.samples.length).toBe(441);
    const streamed = Buffer.from(wav);
    streamed.writeUInt32LE(0xffffffff, 40);
    expect(decodeWav(streamed)!.samples.length).toBe(441);
  });

  test('anything but 16-bit PCM WAV is not read', () => {
    expect(decodeWav(Buffer.from('not a wav file at all'))).toBeNull();
    const float = encodeWav(tone(0.01), SR);
    float.writeUInt16LE(3, 20); // IEEE float
    float.writeUInt16LE(32, 34);
    expect(decodeWav(float)).toBeNull();
  });
});

describe('clips of speech', () => {
  test('join with the pause between them, and lose their silent ends but the margin', () => {
    const joined = joinWithPauses([new Float32Array(100).fill(0.5), new Float32Array(50).fill(0.5)], 0.01, 1000);
    expect(joined.length).toBe(160);
    expect(joined[104]).toBe(0);
    const padded = new Float32Array(1000);
    padded.fill(0.5, 400, 600);
    const trimmed = trimSilence(padded, { sampleRate: 1000, marginSeconds: 0.01 });
    expect(trimmed.length).toBe(220);
  });
});

describe('ffmpeg through the toolkit', () => {
  test('decodes a file to the layout asked for, as floats or 16-bit, whole or streamed', async () => {
    const wav = encodeWav(tone(1), SR);
    const floats = await decodeToFloat(wav, 1, SR);
    expect(floats.length).toBe(SR);
    const expected = decodeWav(wav)!.samples;
    expect(Math.max(...floats.map((s, i) => Math.abs(s - expected[i])))).toBeLessThan(1e-4);
    const stereo = await decodeToPcm16(wav, 2, 22050, { maxSeconds: 0.5 });
    expect(stereo.length).toBe(22050);
    let streamed = 0;
    await decodePcm16Stream({ bytes: wav, channels: 1, sampleRate: SR, onData: (chunk) => (streamed += chunk.length) });
    expect(streamed).toBe(SR * 2);
  });

  test('encodes streamed raw PCM to MP3 in a file, which ffprobe then measures', async () => {
    async function* pcm() {
      for (let i = 0; i < 4; i++) yield new Int16Array(SR / 2).fill(i * 1000);
    }
    const file = join(dir, 'out.mp3');
    await runFfmpeg({
      input: pcm(),
      rawPcm: { sampleRate: SR, channels: 1 },
      output: { format: 'mp3', codec: 'libmp3lame', bitrateKbps: 64 },
      toFile: file,
    });
    expect(readFileSync(file).length).toBeGreaterThan(10_000);
    expect(await probeAudio(file)).toEqual({ durationSeconds: 2, codec: 'mp3' });
  });

  test('a file that is not audio is refused with ffmpeg’s own words, and ffprobe finds no audio in it', async () => {
    const junk = Buffer.from('this is plain text, not audio '.repeat(20));
    await expect(decodeToFloat(junk, 1, SR, { seekable: true })).rejects.toThrow(FfmpegError);
    await expect(decodeToPcm16(junk, 1, SR)).rejects.toThrow(/could not decode the audio/);
    const file = join(dir, 'junk.txt');
    writeFileSync(file, junk);
    expect(await probeAudio(file)).toBeNull();
  });

  test('aborting a job kills ffmpeg and rejects with the reason', async () => {
    const controller = new AbortController();
    async function* endless() {
      for (;;) {
        yield new Int16Array(SR);
        await new Promise((resolve) => setImmediate(resolve));
      }
    }
    const job = runFfmpeg({
      input: endless(),
      rawPcm: { sampleRate: SR, channels: 1 },
      output: { format: 'mp3', codec: 'libmp3lame', bitrateKbps: 64 },
      signal: controller.signal,
    });
    setTimeout(() => controller.abort(new Error('stopped by the test')), 300);
    await expect(job).rejects.toThrow('stopped by the test');
  });
});

describe('bounded decoding of audio from outside', () => {
  const wavOf = (seconds: number) => encodeWav(tone(seconds), SR);

  test("the container's stated length is read before decoding, and audio past the limit is refused at once", async () => {
    expect(await probeAudioBytes(wavOf(3))).toEqual({ durationSeconds: 3, codec: 'pcm_s16le' });
    await expect(refuseLongAudio(wavOf(3), 2)).rejects.toThrow(AudioTooLongError);
    expect((await refuseLongAudio(wavOf(3), 5)).durationSeconds).toBe(3);
    await expect(probeAudioBytes(Buffer.from('not audio at all '.repeat(50)))).rejects.toThrow(FfmpegError);
  });

  test("a FLAC file's stated length is read from its header in place", async () => {
    const file = join(dir, 'three.flac');
    await runFfmpeg({ input: wavOf(3), seekable: true, output: { format: 'flac', codec: 'flac' }, toFile: file });
    const flac = readFileSync(file);
    expect(flacStatedSeconds(flac)).toBeCloseTo(3, 2);
    // Written as a stream, FLAC cannot go back to fill in its total: it states no length.
    const streamed = await runFfmpeg({ input: wavOf(3), seekable: true, output: { format: 'flac', codec: 'flac' } });
    expect(flacStatedSeconds(streamed)).toBeNull();
    expect(flacStatedSeconds(wavOf(3))).toBeNull();
    await expect(refuseLongAudio(flac, 2)).rejects.toThrow(AudioTooLongError);
  });

  test('a FLAC written as a stream (no length in its header) is measured by its packets, without decoding: four hours are refused', async () => {
    // Hours of silence as FLAC in the largest frames, written to a pipe: the header states no total.
    const silentStream = (seconds: number) =>
      execFileSync(
        ffmpegPath(),
        [
          ...['-v', 'error', '-f', 'lavfi', '-i', 'anullsrc=r=8000:cl=mono', '-t', String(seconds)],
          ...['-c:a', 'flac', '-frame_size', '65535', '-f', 'flac', 'pipe:1'],
        ],
        { maxBuffer: 16 * 1024 * 1024 },
      );
    const bomb = silentStream(4 * 3600);
    expect(flacStatedSeconds(bomb)).toBeNull();
    expect(bomb.length).toBeLessThan(100_000);
    const refusal = await refuseLongAudio(bomb, 305).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(AudioTooLongError);
    // The scan stopped at the first packet past the limit: it did not read four hours.
    expect((refusal as AudioTooLongError).seconds).toBeGreaterThan(305);
    expect((refusal as AudioTooLongError).seconds).toBeLessThan(320);

    // Within the limit it passes, and the packets reach the recording's whole length.
    const minute = silentStream(60);
    expect((await refuseLongAudio(minute, 305)).durationSeconds).toBeNull();
    const file = join(dir, 'minute.flac');
    writeFileSync(file, minute);
    expect(await packetSeconds(file, 305)).toBeCloseTo(60, 1);
    // Not audio: no packets, nothing to tell.
    writeFileSync(join(dir, 'text.txt'), 'not audio at all '.repeat(50));
    expect(await packetSeconds(join(dir, 'text.txt'), 305)).toBeNull();
  });

  test('a capped decode answers every sample of audio within the cap, and refuses audio running past it', async () => {
    const samples = await decodeToFloatCapped(wavOf(2), { channels: 1, sampleRate: 16000, maxSeconds: 3, seekable: true });
    expect(samples.length).toBeGreaterThan(2 * 16000 - 100);
    expect(samples.length).toBeLessThan(2 * 16000 + 100);
    expect(Math.max(...samples.subarray(0, 16000))).toBeCloseTo(0.5, 1);
    await expect(decodeToFloatCapped(wavOf(6), { channels: 1, sampleRate: 16000, maxSeconds: 3, seekable: true })).rejects.toThrow(
      AudioTooLongError,
    );
  });

  test('music is measured as it streams, the same as measuring the whole decode at once', async () => {
    const mp3 = await runFfmpeg({ input: wavOf(3), output: { format: 'mp3', codec: 'libmp3lame', bitrateKbps: 128 } });
    const whole = await decodeToPcm16(mp3, 2, MIX_SAMPLE_RATE);
    const measured = await measureMusic(mp3);
    expect(measured.decodedFrames).toBe(whole.length / 2);
    expect(measured.loudness).toBeCloseTo(audibleLevel(whole), 6);
  });

  test('near-silence is counted in 100 ms windows under about -50 dBFS, wherever they are, and decoding stops past the limit', async () => {
    const rate = MIX_SAMPLE_RATE;
    const stereo = (seconds: number, amplitude: number) => {
      const out = new Int16Array(Math.round(seconds * rate) * 2);
      for (let i = 0; i < out.length; i++) out[i] = Math.round(amplitude * 32767 * Math.sin((2 * Math.PI * 440 * (i >> 1)) / rate));
      return out;
    };
    const counted = (...parts: Int16Array[]) => {
      const silence = new NearSilence(rate);
      for (const part of parts) silence.add(part);
      return silence.seconds();
    };
    // 3 s of silence at each end, a quiet -60 dBFS second in the middle, music elsewhere: 7 s in all.
    expect(counted(stereo(3, 0), stereo(10, 0.3), stereo(1, 0.001), stereo(10, 0.3), stereo(3, 0))).toBeCloseTo(7, 1);
    expect(counted(stereo(20, 0.3))).toBe(0);
    // -40 dBFS is quiet music, not silence.
    expect(counted(stereo(5, 0.01))).toBe(0);

    const silentWav = encodeWav(new Float32Array(60 * 8000), 8000);
    const measured = await measureMusic(silentWav, { maxSilentSeconds: 5 });
    expect(measured.silentSeconds).toBeGreaterThan(5);
    expect(measured.decodedFrames).toBeLessThan(60 * rate);
  });
});
