import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { ffprobePath } from '@innerecho/kit';
import { VOICE_SAMPLE_SENTENCES, type EndpointRequest } from '@innerecho/contracts';
import {
  eventually,
  startTestSystem,
  TestClient,
  uniqueEmail,
  newSessionId,
  uploadRecordingThroughApi,
  sumOfMetricAt,
  type TestSystem,
  clippedSample,
  silentFlac,
  silentSample,
  spokenSample,
  decodeMp3,
  addMusicTrack,
  type SendOptions,
} from '@innerecho/embedded';
import { encodeWav, decodeWav } from '@innerecho/kit';
import { ArrivingMusic } from '../src/domain/render/arriving-music';
import { newSubscriber, type Subscriber } from './subscribers';
import { renderAffirmationMp3, wholeMp3 } from '../src/domain/render/render-affirmation';
import { readInfoFrame } from '../src/domain/render/info-tag';
import { parseFrameHeader } from '../src/domain/render/mp3-frames';

jest.setTimeout(300_000);

let system: TestSystem;
/** One cloned subscriber shared by the tests that render (cloning is the slow part). */
let alice: Subscriber;
let music: { id: string; title: string };
beforeAll(async () => {
  // One render at a time and at most three waiting, so the render queue's turns and refusals
  // are visible here (the other tests render one at a time anyway); reservations renewed and
  // swept every 3 s.
  system = await startTestSystem({ env: { RENDER_CONCURRENCY: '1', RENDER_QUEUE_LIMIT: '3', RENDER_RESERVATION_LEASE_SECONDS: '9' } });
  [alice, music] = await Promise.all([subscriber(), addMusicTrack(system, 'Test Calm Pad')]);
});
afterAll(() => system?.stop());

const subscriber = (options: { cloned?: boolean } = {}) => newSubscriber(system, options);

type GenerateBody = EndpointRequest<'POST /api/generate-audio'>['body'];
const generate = (s: Subscriber, body: Partial<GenerateBody>, options: Omit<SendOptions, 'checkAnswer'> = {}) =>
  s.client.api.send(
    'POST /api/generate-audio',
    { body: { sessionId: s.sessionId, voiceSpeed: '1.0', audioDuration: '60', ...body } },
    options,
  );
/** The listener's saved affirmations, newest first. */
const savedOf = (s: Subscriber) => s.client.api.call('GET /api/saved-affirmations/:sessionId', { params: { sessionId: s.sessionId } });
/** Today's seconds of the listener's allowance used. */
const allowanceUsed = async (s: Subscriber) => (await s.client.api.call('GET /api/generate-audio/allowance', {})).secondsUsed;

/** ffprobe's reading of an MP3: its duration and its stream's codec, channels and rate. */
async function probeMp3(mp3: Buffer) {
  const dir = mkdtempSync(join(tmpdir(), 'innerecho-probe-'));
  try {
    writeFileSync(join(dir, 'probe.mp3'), mp3);
    const probe = await promisify(execFile)(ffprobePath(), [
      '-v',
      'error',
      '-show_entries',
      'format=duration:stream=codec_name,channels,sample_rate',
      '-of',
      'json',
      join(dir, 'probe.mp3'),
    ]);
    return JSON.parse(probe.stdout) as { format: { duration: string }; streams: Record<string, unknown>[] };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

let transcriptCache: { id: string; title: string; category: string } | null = null;
async function aTranscript(client: TestClient) {
  transcriptCache ??= (await client.api.call('GET /api/transcripts', {})).sort((a, b) => a.content.length - b.content.length)[0];
  return transcriptCache!;
}
/** Calls the voice service made to its engine (speech and clones), as its metrics count them. */
const engineCallsMetered = () => sumOfMetricAt([system.gateway.metricsUrl!], 'innerecho_voice_engine_calls_total');
/** Speech the voice service asked its engine for (a cached text asks none), as its metrics count it. */
const engineCalls = () => sumOfMetricAt([system.gateway.metricsUrl!], 'innerecho_voice_engine_calls_total', { operation: 'speak' });

/** The listener's seconds used today and held by reservations (live or lapsed) as the database has them. */
async function secondsOf(userId: string) {
  const rows: any = await system.services.generation.context.db.execute(
    sql`select (select coalesce(sum(seconds_used), 0)::int from generation.daily_usage where user_id = ${userId}) as used,
               (select coalesce(sum(seconds), 0)::int from generation.render_reservations where user_id = ${userId}) as reserved`,
  );
  return (rows.rows ?? rows)[0] as { used: number; reserved: number };
}

/** A reservation as a render running elsewhere holds it: `leaseSeconds` from now (negative: lapsed). */
async function holdSeconds(userId: string, seconds: number, leaseSeconds: number) {
  const id = randomUUID();
  await system.services.generation.context.db.execute(
    sql`insert into generation.render_reservations (id, user_id, day, seconds, file_key, instance_id, lease_until)
        values (${id}, ${userId}, ${new Date().toISOString().slice(0, 10)}, ${seconds}, ${`affirmations/${userId}/${id}.mp3`},
                ${randomUUID()}, now() + make_interval(secs => ${leaseSeconds}))`,
  );
  return id;
}

describe('POST /api/generate-audio', () => {
  test('a library affirmation is rendered to an MP3 of exactly the chosen length, saved, and announced', async () => {
    const s = alice;
    const transcript = await aTranscript(s.client);
    const res = await generate(s, { transcriptId: transcript.id, audioDuration: '120' });
    expect(res.status === 201 ? 201 : { status: res.status, body: res.data }).toBe(201);
    expect(res.headers.get('content-type')).toBe('audio/mpeg');
    expect(decodeMp3(res.bytes, 1).length).toBe(120 * 44100);

    const saved = await s.client.api.send('GET /api/saved-affirmations/:sessionId', { params: { sessionId: s.sessionId } });
    expect(saved.status).toBe(200);
    expect(saved.data.slice(0, 1)).toEqual([
      {
        id: res.headers.get('x-saved-affirmation-id'),
        createdAt: expect.any(String),
        voiceSpeed: 1,
        audioDuration: 120,
        audioFilePath: `/api/saved-affirmations/${s.sessionId}/${res.headers.get('x-saved-affirmation-id')}/audio`,
        sizeBytes: res.bytes.length,
        backgroundMusic: null,
        transcript: { id: transcript.id, title: transcript.title, category: transcript.category },
        customAffirmation: null,
        voice: 'cloned',
        musicBelowVoiceDb: null,
        name: null,
        // A single affirmation: not an affirmation session, from no collection.
        sessionParts: null,
        collectionId: null,
      },
    ]);

    const events: any = await system.services.generation.context.db.execute(
      sql`select envelope from generation.outbox where subject = 'generation.affirmation.generated.v1'`,
    );
    const payloads = (events.rows ?? events).map((r: any) => r.envelope.payload);
    expect(payloads).toContainEqual({
      savedAffirmationId: res.headers.get('x-saved-affirmation-id'),
      userId: s.user.id,
      transcriptId: transcript.id,
      customAffirmationId: null,
      audioDurationSeconds: 120,
    });
  });

  test('a second generation of the same text with another duration and music makes no engine call', async () => {
    const s = alice;
    const transcript = await aTranscript(s.client);
    const first = await generate(s, { transcriptId: transcript.id, audioDuration: '60' });
    expect(first.status === 201 ? 201 : { status: first.status, body: first.data }).toBe(201);
    const before = await engineCalls();
    const second = await generate(s, { transcriptId: transcript.id, audioDuration: '180', backgroundMusicId: music.id });
    expect(second.status === 201 ? 201 : { status: second.status, body: second.data }).toBe(201);
    expect(await engineCalls()).toBe(before);
    expect(second.headers.get('x-speech-engine-calls')).toBe('0');
    expect(decodeMp3(second.bytes, 2).length).toBe(180 * 2 * 44100);

    const saved = await savedOf(s);
    expect(saved.slice(0, 2).map((a) => a.audioDuration)).toEqual([180, 60]); // newest first
    expect(saved[0].backgroundMusic).toEqual({ id: music.id, name: music.title });
  });

  test('a new length of the same speech and music reuses the kept period: a playable MP3 of the new length', async () => {
    const s = alice;
    const transcript = await aTranscript(s.client);
    const first = await generate(s, { transcriptId: transcript.id, audioDuration: '60', backgroundMusicId: music.id });
    expect(first.status === 201 ? 201 : { status: first.status, body: first.data }).toBe(201);
    expect(['encoded', 'reused']).toContain(first.headers.get('x-render-period'));
    const second = await generate(s, { transcriptId: transcript.id, audioDuration: '120', backgroundMusicId: music.id });
    expect(second.status === 201 ? 201 : { status: second.status, body: second.data }).toBe(201);
    expect(second.headers.get('x-render-period')).toBe('reused');
    expect(decodeMp3(second.bytes, 2).length).toBe(120 * 2 * 44100);
    const info = await probeMp3(second.bytes);
    expect(info.streams[0]).toMatchObject({ codec_name: 'mp3', channels: 2, sample_rate: '44100' });
    expect(Math.abs(Number(info.format.duration) - 120)).toBeLessThan(0.1);

    // Voice only is another signal with its own period (kept by the voice-only renders above): mono, its own length.
    const voiceOnly = await generate(s, { transcriptId: transcript.id, audioDuration: '60' });
    expect(voiceOnly.status).toBe(201);
    expect(decodeMp3(voiceOnly.bytes, 1).length).toBe(60 * 44100);
  });

  test("a custom affirmation of the caller is generated; another user's is refused as not found", async () => {
    const owner = alice;
    const created = await owner.client.api.send('POST /api/custom-affirmations', {
      body: { sessionId: owner.sessionId, title: 'My Morning', content: 'I begin this day with calm and courage.', category: 'Other' },
    });
    expect(created.status === 201 ? 201 : { status: created.status, body: created.data }).toBe(201);
    const mine = await generate(owner, { customAffirmationId: created.data.id });
    expect(mine.status === 201 ? 201 : { status: mine.status, body: mine.data }).toBe(201);
    const saved = await savedOf(owner);
    expect(saved[0].customAffirmation).toEqual({ id: created.data.id, title: 'My Morning', category: 'Other' });
    expect(saved[0].transcript).toBeNull();

    const stranger = await subscriber({ cloned: false });
    const theirs = await generate(stranger, { customAffirmationId: created.data.id });
    expect(theirs.status).toBe(404);
    expect(theirs.data?.code).toBe('CUSTOM_AFFIRMATION_NOT_FOUND');
    expect(await savedOf(stranger)).toEqual([]);
  });

  test("without a cloned voice generation is refused with 409 and 'Please record and clone your voice first'", async () => {
    const s = await subscriber({ cloned: false });
    const res = await generate(s, { transcriptId: (await aTranscript(s.client)).id });
    expect(res.status).toBe(409);
    expect(res.data).toEqual({ code: 'VOICE_NOT_CLONED', error: 'Please record and clone your voice first' });
  });

  test('durations outside 60-3600 or not whole minutes, and a missing text, are refused with 400', async () => {
    const s = await subscriber({ cloned: false });
    const transcriptId = (await aTranscript(s.client)).id;
    for (const audioDuration of ['30', '3660', '90', 'abc', '-60']) {
      const res = await generate(s, { transcriptId, audioDuration });
      expect(res.status).toBe(400);
      expect(res.data?.error).toMatch(/Audio duration must be (between 60 and 3600 seconds|a whole number of minutes)/);
    }
    expect((await generate(s, { transcriptId, audioDuration: '90' })).data?.error).toBe(
      'Audio duration must be a whole number of minutes (a multiple of 60 seconds)',
    );
    const none = await generate(s, {});
    expect(none.status).toBe(400);
    expect(none.data?.error).toBe('Choose a library affirmation or one of your custom affirmations');
  });

  test("another user's sessionId is refused (403), signed out is 401, and no subscription is 402", async () => {
    const owner = await subscriber({ cloned: false });
    const intruder = await subscriber({ cloned: false });
    const transcriptId = (await aTranscript(owner.client)).id;
    await savedOf(owner); // binds the sessionId to its owner
    const res = await intruder.client.api.send('POST /api/generate-audio', {
      body: { sessionId: owner.sessionId, audioDuration: '60', transcriptId },
    });
    expect(res.status).toBe(403);
    expect(
      (await intruder.client.api.send('GET /api/saved-affirmations/:sessionId', { params: { sessionId: owner.sessionId } })).status,
    ).toBe(403);

    const anonymous = await new TestClient(system.url).api.send('GET /api/saved-affirmations/:sessionId', {
      params: { sessionId: newSessionId() },
    });
    expect(anonymous.status).toBe(401);

    const free = new TestClient(system.url);
    await free.signUp(uniqueEmail('free'));
    const unpaid = await free.api.send('POST /api/generate-audio', {
      body: { sessionId: newSessionId(), audioDuration: '60', transcriptId },
    });
    expect(unpaid.status).toBe(402);
  });
});

// The listener's own reading of a text: the render path that needs no cloned voice.
/** The sample sentences' first three: about 44 words, so a reading needs some 10 s of speech. */
const THREE_SENTENCES = VOICE_SAMPLE_SENTENCES.slice(0, 3).join(' ');

const keep = async (s: Subscriber, affirmationId: string, take: Buffer, sessionId = s.sessionId) =>
  s.client.api.send('PUT /api/own-recordings/:sessionId/:affirmationId', {
    params: { sessionId, affirmationId },
    body: { uploadURL: await uploadRecordingThroughApi(s.client, take) },
  });
/** The listener's own reading of an affirmation, or null. */
const ownRecording = (client: TestClient, sessionId: string, affirmationId: string) =>
  client.api.send('GET /api/own-recordings/:sessionId/:affirmationId', { params: { sessionId, affirmationId } });
async function customAffirmation(s: Subscriber, content = THREE_SENTENCES) {
  const created = await s.client.api.send('POST /api/custom-affirmations', {
    body: { sessionId: s.sessionId, title: 'Read By Me', content, category: 'Other' },
  });
  expect(created.status).toBe(201);
  return `custom-${created.data.id}`;
}

describe('the listener records an affirmation themselves', () => {
  test('each unusable take is refused with its own message, and nothing is kept', async () => {
    const s = await subscriber({ cloned: false });
    const id = await customAffirmation(s);
    // Far longer than the text needs (42 words: at most 30 s + 2 s a word) and still audible.
    const long = new Float32Array(130 * 16000).map((_, i) => 0.3 * Math.sin((2 * Math.PI * 180 * i) / 16000));
    const cases: [Buffer, string, string][] = [
      [
        Buffer.from('not audio, just words pretending to be a recording '.repeat(20)),
        'SAMPLE_NOT_AUDIO',
        'We could not read this recording as audio. Please record again.',
      ],
      [await silentSample(8), 'SAMPLE_SILENT', 'Recording is silent: please check your microphone and record again'],
      [encodeWav(long, 16000), 'READING_TOO_LONG', 'Recording too long: please keep your reading of this affirmation under 114 seconds'],
      [
        await silentFlac(4 * 3600),
        'READING_TOO_LONG',
        'Recording too long: please keep your reading of this affirmation under 114 seconds',
      ],
      [await spokenSample({ sentences: 1 }), 'SAMPLE_TOO_SHORT', 'Recording too short: please read the whole affirmation aloud'],
      [
        clippedSample(20),
        'SAMPLE_CLIPPED',
        'Recording is too loud and distorted: move a little further from the microphone and record again',
      ],
    ];
    for (const [take, code, error] of cases) {
      const res = await keep(s, id, take);
      expect({ status: res.status, body: res.data }).toEqual({ status: 400, body: { code, error } });
    }
    expect(await ownRecording(s.client, s.sessionId, id)).toMatchObject({ status: 200, data: null });
  });

  test('keeping a reading needs a subscription, like generating (402), and keeps nothing', async () => {
    const free = new TestClient(system.url);
    await free.signUp(uniqueEmail('free-reader'));
    const sessionId = newSessionId();
    const created = await free.api.send('POST /api/custom-affirmations', {
      body: { sessionId, title: 'Mine', content: THREE_SENTENCES, category: 'Other' },
    });
    const id = `custom-${created.data.id}`;
    const res = await free.api.send('PUT /api/own-recordings/:sessionId/:affirmationId', {
      params: { sessionId, affirmationId: id },
      body: { uploadURL: await uploadRecordingThroughApi(free, await spokenSample({ sentences: 3 })) },
    });
    expect(res.status).toBe(402);
    expect(res.data.code).toBe('SUBSCRIPTION_REQUIRED');
    expect(await ownRecording(free, sessionId, id)).toMatchObject({ status: 200, data: null });
  });

  test('a kept reading is trimmed and normalised, replaces the engine in every render without a clone or an engine call, and can be replaced and deleted', async () => {
    const s = await subscriber({ cloned: false });
    const id = await customAffirmation(s);
    const spoken = await spokenSample({ sentences: 3, format: 'wav' });
    // Two seconds of quiet before and after, as a listener pressing record then stop leaves.
    const plain = decodeWav(spoken)!;
    const padded = new Float32Array(plain.samples.length + 4 * plain.sampleRate);
    padded.set(
      plain.samples.map((v) => v * 0.3),
      2 * plain.sampleRate,
    );
    const allowanceBefore = await allowanceUsed(s);

    const kept = await keep(s, id, encodeWav(padded, plain.sampleRate));
    expect(kept.status === 200 ? 200 : kept.data).toBe(200);
    expect(kept.data).toEqual({
      affirmationId: id,
      seconds: expect.any(Number),
      audioFilePath: `/api/own-recordings/${s.sessionId}/${id}/audio`,
      updatedAt: expect.any(String),
    });
    const takeSeconds = padded.length / plain.sampleRate;
    expect(kept.data.seconds).toBeLessThan(takeSeconds - 3); // the quiet ends are gone
    expect(kept.data.seconds).toBeGreaterThan(takeSeconds - 4.5);
    expect((await ownRecording(s.client, s.sessionId, id)).data).toEqual(kept.data);
    // The reading plays at the path its answer names.
    const listened = await s.client.request('GET', kept.data.audioFilePath);
    expect(listened.headers.get('content-type')).toBe('audio/wav');
    const wav = decodeWav(listened.bytes)!;
    expect(wav.sampleRate).toBe(44100);
    const rms = Math.sqrt(wav.samples.reduce((n, v) => n + v * v, 0) / wav.samples.length);
    expect(20 * Math.log10(rms)).toBeGreaterThan(-24); // brought up from the quiet take
    // Keeping a reading uses none of today's allowance.
    expect(await allowanceUsed(s)).toBe(allowanceBefore);

    const before = await engineCalls();
    const customAffirmationId = id.slice('custom-'.length);
    const voiceOnly = await generate(s, { customAffirmationId, audioDuration: '60' });
    expect(voiceOnly.status === 201 ? 201 : voiceOnly.data).toBe(201);
    const withMusic = await generate(s, { customAffirmationId, audioDuration: '120', backgroundMusicId: music.id });
    expect(withMusic.status === 201 ? 201 : withMusic.data).toBe(201);
    expect([voiceOnly.headers.get('x-speech-engine-calls'), withMusic.headers.get('x-speech-engine-calls')]).toEqual(['0', '0']);
    expect(await engineCalls()).toBe(before);
    expect(decodeMp3(withMusic.bytes, 2).length).toBe(120 * 2 * 44100);
    expect((await savedOf(s)).map((a) => a.voice)).toEqual(['own', 'own']);

    // Replaced: the new take is the one kept, the old file is gone.
    const files = async () => {
      const rows: any = await system.services.generation.context.db.execute(
        sql`select file_key from generation.own_recordings where owner_id = ${s.user.id}`,
      );
      return (rows.rows ?? rows).map((r: any) => r.file_key as string);
    };
    const [firstKey] = await files();
    const again = await keep(s, id, await spokenSample({ sentences: 3 }));
    expect(again.status).toBe(200);
    const [secondKey] = await files();
    expect(secondKey).not.toBe(firstKey);
    expect(await system.services.generation.context.files.stat(firstKey)).toBeNull();

    // Deleted: later renders need the cloned voice again; the saved renders stay.
    const deleteReading = () =>
      s.client.api.send('DELETE /api/own-recordings/:sessionId/:affirmationId', { params: { sessionId: s.sessionId, affirmationId: id } });
    expect((await deleteReading()).status).toBe(204);
    expect(await ownRecording(s.client, s.sessionId, id)).toMatchObject({ status: 200, data: null });
    expect(await system.services.generation.context.files.stat(secondKey)).toBeNull();
    expect((await deleteReading()).status).toBe(404);
    const cloned = await generate(s, { customAffirmationId });
    expect(cloned.data).toEqual({ code: 'VOICE_NOT_CLONED', error: 'Please record and clone your voice first' });
    expect(await savedOf(s)).toHaveLength(2);
  });

  test('deleting the voice profile keeps the reading; a library transcript can be read too', async () => {
    const s = await subscriber();
    const transcript = await aTranscript(s.client);
    const kept = await keep(s, transcript.id, await spokenSample({ sentences: 10 }));
    expect(kept.status === 200 ? 200 : kept.data).toBe(200);
    expect((await s.client.api.send('DELETE /api/voice-profile/:sessionId', { params: { sessionId: s.sessionId } })).status).toBe(200);
    expect((await ownRecording(s.client, s.sessionId, transcript.id)).status).toBe(200);
    const res = await generate(s, { transcriptId: transcript.id });
    expect(res.status === 201 ? 201 : res.data).toBe(201);
    expect((await savedOf(s))[0].voice).toBe('own');
  });

  test("only the owner: another user's custom affirmation is 404, their session 403, signed out 401, made-up ids 404", async () => {
    const owner = await subscriber({ cloned: false });
    const stranger = await subscriber({ cloned: false });
    const id = await customAffirmation(owner);
    const take = await spokenSample({ sentences: 3 });
    const theirs = await keep(stranger, id, take);
    expect(theirs.status).toBe(404);
    expect(theirs.data.code).toBe('CUSTOM_AFFIRMATION_NOT_FOUND');
    expect((await keep(stranger, id, take, owner.sessionId)).status).toBe(403);
    expect((await ownRecording(stranger.client, owner.sessionId, id)).status).toBe(403);
    expect((await ownRecording(new TestClient(system.url), owner.sessionId, id)).status).toBe(401);
    expect((await ownRecording(owner.client, owner.sessionId, 'not-an-id')).status).toBe(404);
    // An upload URL that is not the caller's own is refused before anything is read.
    const ownersUpload = await uploadRecordingThroughApi(owner.client, take);
    const borrowed = await stranger.client.api.send('PUT /api/own-recordings/:sessionId/:affirmationId', {
      params: { sessionId: stranger.sessionId, affirmationId: await customAffirmation(stranger) },
      body: { uploadURL: ownersUpload },
    });
    expect(borrowed.data.code).toBe('SAMPLE_NOT_FOUND');
  });
});

describe('voice and music balance', () => {
  const preview = (s: Subscriber, body: Omit<EndpointRequest<'POST /api/generate-audio/preview'>['body'], 'sessionId'>) =>
    s.client.api.send('POST /api/generate-audio/preview', { body: { sessionId: s.sessionId, ...body } });
  const rms = (samples: ArrayLike<number>) => {
    let sum = 0;
    for (let i = 0; i < samples.length; i++) sum += samples[i] * samples[i];
    return Math.sqrt(sum / samples.length);
  };

  test('a preview is a few seconds of the mix at the balance, rendered by the same code, using no allowance and saving nothing', async () => {
    const s = alice;
    const transcriptId = (await aTranscript(s.client)).id;
    const usedBefore = await allowanceUsed(s);
    const savedBefore = (await savedOf(s)).length;
    const voiceForward = await preview(s, { transcriptId, backgroundMusicId: music.id, musicBelowVoiceDb: 22 });
    expect(voiceForward.status === 200 ? 200 : voiceForward.data).toBe(200);
    expect(voiceForward.headers.get('content-type')).toBe('audio/mpeg');
    const musicForward = await preview(s, { transcriptId, backgroundMusicId: music.id, musicBelowVoiceDb: '10' });
    const [quiet, loud] = [decodeMp3(voiceForward.bytes, 2), decodeMp3(musicForward.bytes, 2)];
    expect(quiet.length).toBe(8 * 2 * 44100);
    // The voice is the same in both, so what differs is the music alone, 12 dB (x3.98) up: the
    // difference is 2.98 times the music of the voice-forward mix, which is well under the voice.
    const difference = Float32Array.from(loud, (v, i) => v - quiet[i]);
    expect(rms(loud)).toBeGreaterThan(rms(quiet));
    expect(rms(difference)).toBeGreaterThan(rms(quiet) * 0.15);
    expect(await allowanceUsed(s)).toBe(usedBefore);
    expect(await savedOf(s)).toHaveLength(savedBefore);

    // Without music there is no balance to hear; a balance off the control is refused.
    const withoutMusic = await s.client.api.send('POST /api/generate-audio/preview', {
      invalidBody: { sessionId: s.sessionId, transcriptId },
    });
    expect(withoutMusic.status).toBe(400);
    for (const musicBelowVoiceDb of [15, 'loud']) {
      expect((await preview(s, { transcriptId, backgroundMusicId: music.id, musicBelowVoiceDb })).status).toBe(400);
    }
    expect((await preview(s, { transcriptId, backgroundMusicId: music.id, musicBelowVoiceDb: 15 })).data?.error).toBe(
      'Choose a voice and music balance from the control',
    );
  });

  test('the chosen balance is kept with the saved affirmation; the default is the mix as it was; without music there is none', async () => {
    const s = alice;
    const transcriptId = (await aTranscript(s.client)).id;
    const forward = await generate(s, { transcriptId, backgroundMusicId: music.id, musicBelowVoiceDb: '22' });
    expect(forward.status === 201 ? 201 : forward.data).toBe(201);
    const plain = await generate(s, { transcriptId, backgroundMusicId: music.id });
    const alone = await generate(s, { transcriptId, musicBelowVoiceDb: '10' });
    expect([plain.status, alone.status]).toEqual([201, 201]);
    expect((await savedOf(s)).slice(0, 3).map((a) => a.musicBelowVoiceDb)).toEqual([null, 16, 22]);
    expect((await generate(s, { transcriptId, backgroundMusicId: music.id, musicBelowVoiceDb: '17' })).status).toBe(400);
  });
});

describe('the listening streak', () => {
  const streakOf = (client: TestClient, sessionId: string, timeZone?: string) =>
    client.api.send('GET /api/saved-affirmations/:sessionId/streak', { params: { sessionId }, query: { timeZone } });
  const play = (client: TestClient, sessionId: string, id: string, timeZone: string) =>
    client.api.send('POST /api/saved-affirmations/:sessionId/:id/plays', { params: { sessionId, id }, body: { timeZone } });

  test("plays of saved affirmations mark days in the listener's time zone, and the streak counts the days in a row", async () => {
    const s = alice;
    const [saved] = await savedOf(s);
    const db = system.services.generation.context.db;
    await db.execute(sql`delete from generation.listening_days where user_id = ${s.user.id}`);
    const streak = () => streakOf(s.client, s.sessionId, 'Pacific/Kiritimati');
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Kiritimati' }).format(new Date());
    expect((await streak()).data).toEqual({ days: 0, listenedToday: false, today });

    const first = await play(s.client, s.sessionId, saved.id, 'Pacific/Kiritimati');
    expect(first.status).toBe(201);
    expect(first.data).toEqual({ days: 1, listenedToday: true, today });
    await play(s.client, s.sessionId, saved.id, 'Pacific/Kiritimati');
    expect((await streak()).data.days).toBe(1); // two plays, one day

    // Yesterday and the day before count; a gap three days back ends the run.
    const back = (n: number) => {
      const d = new Date(`${today}T00:00:00Z`);
      d.setUTCDate(d.getUTCDate() - n);
      return d.toISOString().slice(0, 10);
    };
    for (const n of [1, 2, 4])
      await db.execute(sql`insert into generation.listening_days (user_id, day) values (${s.user.id}, ${back(n)})`);
    expect((await streak()).data).toEqual({ days: 3, listenedToday: true, today });
    // Before today's play the streak still stands (the day is not over).
    await db.execute(sql`delete from generation.listening_days where user_id = ${s.user.id} and day = ${today}`);
    expect((await streak()).data).toEqual({ days: 2, listenedToday: false, today });
  });

  test("only the owner's saved affirmations count; a bad time zone is 400; another session 403; signed out 401", async () => {
    const owner = alice;
    const stranger = await subscriber({ cloned: false });
    const [saved] = await savedOf(owner);
    await savedOf(stranger);
    const theirs = await play(stranger.client, stranger.sessionId, saved.id, 'UTC');
    expect(theirs.status).toBe(404);
    expect((await streakOf(stranger.client, stranger.sessionId, 'UTC')).data.days).toBe(0);
    const bad = await play(owner.client, owner.sessionId, saved.id, 'Mars/Olympus');
    expect(bad.status).toBe(400);
    expect(bad.data.error).toBe('Unknown time zone');
    expect((await streakOf(owner.client, owner.sessionId)).status).toBe(400);
    expect((await streakOf(stranger.client, owner.sessionId, 'UTC')).status).toBe(403);
    expect((await streakOf(new TestClient(system.url), owner.sessionId, 'UTC')).status).toBe(401);
  });
});

describe('the daily allowance', () => {
  const useSeconds = async (userId: string, seconds: number) => {
    const db = system.services.generation.context.db;
    await db.execute(sql`delete from generation.daily_usage where user_id = ${userId}`);
    await db.execute(
      sql`insert into generation.daily_usage (user_id, day, seconds_used) values (${userId}, ${new Date().toISOString().slice(0, 10)}, ${seconds})`,
    );
  };

  test('a request past 3600 s today is refused and says how much is left', async () => {
    const s = alice;
    await useSeconds(s.user.id, 3600 - 120);
    const res = await generate(s, { transcriptId: (await aTranscript(s.client)).id, audioDuration: '180' });
    expect(res.status).toBe(429);
    expect(res.data?.code).toBe('DAILY_LIMIT_REACHED');
    expect(res.data?.error).toBe(
      'Daily limit: you can generate 60 minutes of audio a day, and you have 2 minutes left today. Choose a shorter duration.',
    );
    expect((await generate(s, { transcriptId: (await aTranscript(s.client)).id, audioDuration: '120' })).status).toBe(201);
    const spent = await generate(s, { transcriptId: (await aTranscript(s.client)).id, audioDuration: '60' });
    expect(spent.status).toBe(429);
    expect(spent.data?.error).toBe("You have used today's 60 minutes of audio. Your allowance renews at midnight UTC.");
  });

  test('two concurrent requests cannot pass the allowance together', async () => {
    const s = alice;
    const transcriptId = (await aTranscript(s.client)).id; // its speech is cached: both requests race on the allowance
    await useSeconds(s.user.id, 3600 - 180);
    const results = await Promise.all([
      generate(s, { transcriptId, audioDuration: '120' }),
      generate(s, { transcriptId, audioDuration: '120' }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 429]);
    expect(await secondsOf(s.user.id)).toEqual({ used: 3600 - 60, reserved: 0 });
    await useSeconds(s.user.id, 0);
  });
});

describe('GET /api/generate-audio/allowance', () => {
  test("says today's seconds used and left, counting running renders, and renews at the next midnight UTC", async () => {
    const s = await subscriber({ cloned: false });
    const allowance = () => s.client.api.send('GET /api/generate-audio/allowance', {});
    const fresh = await allowance();
    expect(fresh.status).toBe(200);
    const midnight = new Date();
    midnight.setUTCHours(24, 0, 0, 0);
    expect(fresh.data).toEqual({ dailySeconds: 3600, secondsUsed: 0, secondsLeft: 3600, renewsAt: midnight.toISOString() });

    const db = system.services.generation.context.db;
    const today = new Date().toISOString().slice(0, 10);
    await db.execute(sql`insert into generation.daily_usage (user_id, day, seconds_used) values (${s.user.id}, ${today}, 1200)`);
    const running = await holdSeconds(s.user.id, 600, 300);
    expect((await allowance()).data).toMatchObject({ secondsUsed: 1800, secondsLeft: 1800 });
    // A reservation past its lease belongs to a render whose process died: it no longer counts.
    await db.execute(sql`update generation.render_reservations set lease_until = now() - interval '1 second' where id = ${running}`);
    expect((await allowance()).data).toMatchObject({ secondsUsed: 1200, secondsLeft: 2400 });
  });

  test('signed out is 401', async () => {
    const res = await new TestClient(system.url).api.send('GET /api/generate-audio/allowance', {});
    expect(res.status).toBe(401);
    expect(res.data.code).toBe('UNAUTHENTICATED');
  });
});

describe('a render whose process died', () => {
  test('holds its reserved seconds only until its lease passes; then they count again and the sweep removes its file', async () => {
    const s = alice;
    const transcriptId = (await aTranscript(s.client)).id;
    const generation = system.services.generation.context;
    await generation.db.execute(sql`delete from generation.daily_usage where user_id = ${s.user.id}`);
    // 3540 s held by a render on another instance, its lease still running: 60 s left.
    const dead = await holdSeconds(s.user.id, 3540, 300);
    const deadFile = `affirmations/${s.user.id}/${dead}.mp3`;
    await generation.files.put(deadFile, Buffer.from('half an MP3 the dead render stored'), 'audio/mpeg');
    const refused = await generate(s, { transcriptId, audioDuration: '120' });
    expect(refused.status).toBe(429);
    expect(refused.data?.error).toContain('you have 1 minute left today');
    expect(await generation.files.stat(deadFile)).not.toBeNull();
    // Its instance stopped renewing: once the lease passed, its seconds no longer count…
    await generation.db.execute(
      sql`update generation.render_reservations set lease_until = now() - interval '1 second' where id = ${dead}`,
    );
    expect((await generate(s, { transcriptId, audioDuration: '120' })).status).toBe(201);
    // …and the sweep (every third of a lease) removes the reservation and the file it left.
    await eventually(async () => expect(await secondsOf(s.user.id)).toEqual({ used: 120, reserved: 0 }), 200, 100);
    expect(await generation.files.stat(deadFile)).toBeNull();
    await generation.db.execute(sql`delete from generation.daily_usage where user_id = ${s.user.id}`);
  });
});

describe('the playback speed of a saved affirmation', () => {
  test('the owner sets it on the 0.05 grid and the list reads it back; bad speeds are 400 and change nothing', async () => {
    const s = alice;
    const res = await generate(s, { transcriptId: (await aTranscript(s.client)).id, audioDuration: '60' });
    expect(res.status).toBe(201);
    const id = res.headers.get('x-saved-affirmation-id')!;
    const params = { sessionId: s.sessionId, id };
    const find = async () => (await savedOf(s)).find((a) => a.id === id)!;
    expect((await find()).voiceSpeed).toBe(1);

    const set = await s.client.api.send('PATCH /api/saved-affirmations/:sessionId/:id', { params, body: { voiceSpeed: 1.35 } });
    expect(set.status).toBe(200);
    expect(set.data).toMatchObject({ id, voiceSpeed: 1.35 });
    expect((await find()).voiceSpeed).toBe(1.35);

    for (const voiceSpeed of [0.45, 2.05, 1.33, '1.5', null]) {
      const bad = await s.client.api.send('PATCH /api/saved-affirmations/:sessionId/:id', { params, invalidBody: { voiceSpeed } });
      expect(bad.status).toBe(400);
      expect(bad.data).toMatchObject({ error: 'Playback speed must be between 0.5 and 2, in steps of 0.05', code: 'VALIDATION_FAILED' });
    }
    expect((await find()).voiceSpeed).toBe(1.35);
  });

  test("another user cannot set it: their own session is 404, the owner's session 403, signed out 401", async () => {
    const s = alice;
    const res = await generate(s, { transcriptId: (await aTranscript(s.client)).id, audioDuration: '60' });
    const id = res.headers.get('x-saved-affirmation-id')!;
    const stranger = await subscriber({ cloned: false });
    await savedOf(stranger); // binds the stranger's sessionId
    const setSpeed = (client: TestClient, sessionId: string) =>
      client.api.send('PATCH /api/saved-affirmations/:sessionId/:id', { params: { sessionId, id }, body: { voiceSpeed: 2 } });
    expect((await setSpeed(stranger.client, stranger.sessionId)).status).toBe(404);
    expect((await setSpeed(stranger.client, s.sessionId)).status).toBe(403);
    expect((await setSpeed(new TestClient(system.url), s.sessionId)).status).toBe(401);
    const mine = (await savedOf(s)).find((a) => a.id === id)!;
    expect(mine.voiceSpeed).toBe(1);
  });
});

describe('saved audio', () => {
  test('Range requests return 206 with exactly the bytes asked for; the whole file is 200', async () => {
    const s = alice;
    const stranger = await subscriber({ cloned: false });
    const res = await generate(s, { transcriptId: (await aTranscript(s.client)).id, audioDuration: '60' });
    expect(res.status === 201 ? 201 : { status: res.status, body: res.data }).toBe(201);
    const [saved] = await savedOf(s);
    const audio = (client: TestClient, sessionId: string, query: { download?: string } = {}, headers: Record<string, string> = {}) =>
      client.api.send('GET /api/saved-affirmations/:sessionId/:id/audio', { params: { sessionId, id: saved.id }, query }, { headers });

    // The whole file plays at the path the list names.
    const whole = await s.client.request('GET', saved.audioFilePath);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(whole.bytes.equals(res.bytes)).toBe(true);

    const middle = await audio(s.client, s.sessionId, {}, { range: 'bytes=1000-1999' });
    expect(middle.status).toBe(206);
    expect(middle.headers.get('content-range')).toBe(`bytes 1000-1999/${res.bytes.length}`);
    expect(middle.bytes.equals(res.bytes.subarray(1000, 2000))).toBe(true);

    const tail = await audio(s.client, s.sessionId, {}, { range: 'bytes=-500' });
    expect(tail.status).toBe(206);
    expect(tail.bytes.equals(res.bytes.subarray(res.bytes.length - 500))).toBe(true);

    const beyond = await audio(s.client, s.sessionId, {}, { range: `bytes=${res.bytes.length}-` });
    expect(beyond.status).toBe(416);

    const download = await audio(s.client, s.sessionId, { download: 'my-morning' });
    expect(download.headers.get('content-disposition')).toBe('attachment; filename="my-morning.mp3"');

    expect((await audio(stranger.client, s.sessionId)).status).toBe(403);
    // The stranger's own session, the owner's id.
    expect((await audio(stranger.client, stranger.sessionId)).status).toBe(404);
  });
});

describe('the render queue and the streamed MP3', () => {
  const queueOf = async (s: Subscriber) => {
    const res = await s.client.api.send('GET /api/generate-audio/queue', {});
    expect(res.status).toBe(200);
    return res.data;
  };
  /** Starts a render without waiting for it; `stop` ends the connection as a listener closing the page does. */
  const startGenerating = (s: Subscriber, body: Partial<GenerateBody>) => {
    const controller = new AbortController();
    const response = generate(s, body, { signal: controller.signal });
    return { response, stop: () => controller.abort() };
  };
  const usage = secondsOf;
  const announced = async (userId: string) => {
    const rows: any = await system.services.generation.context.db.execute(
      sql`select count(*)::int as n from generation.outbox where subject = 'generation.affirmation.generated.v1' and envelope->'payload'->>'userId' = ${userId}`,
    );
    return (rows.rows ?? rows)[0].n as number;
  };

  /** Once Bob's render has ended on its own (the service hears the connection close): no turn held, no seconds used, nothing saved. */
  const expectNothingLeftOfBobs = async (before: { usedBefore: { used: number; reserved: number }; savedBefore: number }) => {
    await eventually(
      async () => {
        expect(await queueOf(bob)).toEqual({ running: 0, waiting: 0, place: null });
        expect(await usage(bob.user.id)).toEqual(before.usedBefore);
      },
      600,
      50,
    );
    expect((await savedOf(bob)).length).toBe(before.savedBefore);
  };

  let longTrack: { id: string; title: string };
  /** A listener with their own reading of a text: renders need no clone and no engine. */
  let bob: Subscriber & { affirmationId: string };
  beforeAll(async () => {
    // Three minutes of music: a render over it encodes a three-minute period, long enough to
    // watch others wait for their turn behind it.
    const track = await addMusicTrack(system, 'Long Test Pad', 180);
    const s = await subscriber({ cloned: false });
    const [affirmationId, spoken] = await Promise.all([customAffirmation(s), spokenSample({ sentences: 3, format: 'wav' })]);
    expect((await keep(s, affirmationId, spoken)).status).toBe(200);
    longTrack = track;
    bob = { ...s, affirmationId };
  });

  test('the streamed MP3 is byte for byte the render of the same speech and music, and is what was stored', async () => {
    const res = await generate(bob, {
      customAffirmationId: bob.affirmationId.replace('custom-', ''),
      audioDuration: '120',
      backgroundMusicId: music.id,
      musicBelowVoiceDb: 13,
    });
    expect(res.status === 201 ? 201 : { status: res.status, body: res.data }).toBe(201);
    expect(Number(res.headers.get('content-length'))).toBe(res.bytes.length);

    // The same inputs rendered here whole: the listener's kept reading, and the library's track
    // with the length and level the library measured when it was added (as the service takes them).
    const reading = await bob.client.api.send('GET /api/own-recordings/:sessionId/:affirmationId/audio', {
      params: { sessionId: bob.sessionId, affirmationId: bob.affirmationId },
    });
    const internal = (path: string) =>
      fetch(`${system.services.library.url}/internal/background-music/${music.id}${path}`, {
        headers: { authorization: `Bearer ${bob.client.cookies.get('ie_session')}` },
      });
    const details = (await (await internal('')).json()) as { decodedFrames: number; loudness: number };
    const track = Buffer.from(await (await internal('/audio')).arrayBuffer());
    const whole = await renderAffirmationMp3({
      speech: decodeWav(reading.bytes)!.samples,
      music: ArrivingMusic.decode(track, details.decodedFrames, details.loudness),
      durationSeconds: 120,
      musicId: music.id,
      musicBelowVoiceDb: 13,
    });
    expect(res.bytes.equals(wholeMp3(whole))).toBe(true);

    const stored = await bob.client.api.send('GET /api/saved-affirmations/:sessionId/:id/audio', {
      params: { sessionId: bob.sessionId, id: res.headers.get('x-saved-affirmation-id')! },
    });
    expect(stored.bytes.equals(res.bytes)).toBe(true);
    expect(Math.abs(Number((await probeMp3(res.bytes)).format.duration) - 120)).toBeLessThan(0.1);
  });

  test("turns go fairly: one listener's many renders do not starve another's single one; each sees their place; past the limit is 503", async () => {
    await system.services.generation.context.db.execute(
      sql`delete from generation.daily_usage where user_id in (${alice.user.id}, ${bob.user.id})`,
    );
    const transcriptId = (await aTranscript(alice.client)).id;
    // Alice's long render holds the one turn; two more of hers wait.
    const first = startGenerating(alice, { transcriptId, audioDuration: '1800', backgroundMusicId: longTrack.id, musicBelowVoiceDb: 22 });
    await eventually(async () => expect(await queueOf(alice)).toEqual({ running: 1, waiting: 0, place: null }), 300, 50);
    const more = [startGenerating(alice, { transcriptId }), startGenerating(alice, { transcriptId, backgroundMusicId: music.id })];
    await eventually(async () => expect(await queueOf(alice)).toEqual({ running: 1, waiting: 2, place: 1 }), 300, 50);

    // Bob asks once, later: his render is next, ahead of Alice's waiting two.
    const bobs = startGenerating(bob, { customAffirmationId: bob.affirmationId.replace('custom-', '') });
    await eventually(async () => expect(await queueOf(bob)).toEqual({ running: 0, waiting: 1, place: 1 }), 300, 50);
    expect(await queueOf(alice)).toEqual({ running: 1, waiting: 2, place: 2 });

    // Three are waiting: one more is refused at once, and the listener is told when to try again.
    const refused = await generate(alice, { transcriptId });
    expect({ status: refused.status, code: refused.data?.code }).toEqual({ status: 503, code: 'RENDER_QUEUE_FULL' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);

    const results = await Promise.all([first, ...more, bobs].map((r) => r.response));
    expect(results.map((r) => r.status)).toEqual([201, 201, 201, 201]);
    expect(await queueOf(alice)).toEqual({ running: 0, waiting: 0, place: null });
    // The refused request was charged nothing.
    expect(await usage(alice.user.id)).toEqual({ used: 1800 + 60 + 60, reserved: 0 });
    await system.services.generation.context.db.execute(
      sql`delete from generation.daily_usage where user_id in (${alice.user.id}, ${bob.user.id})`,
    );
  });

  test('a listener who leaves mid-render, or while waiting for a turn, keeps nothing and is charged nothing', async () => {
    await system.services.generation.context.db.execute(sql`delete from generation.daily_usage where user_id = ${bob.user.id}`);
    const savedBefore = (await savedOf(bob)).length;
    const announcedBefore = await announced(bob.user.id);
    const usedBefore = await usage(bob.user.id);
    const customAffirmationId = bob.affirmationId.replace('custom-', '');

    // Mid-render: 58 minutes over the long track at a balance not rendered yet (its period is
    // encoded), leaving two minutes of the allowance for the one that waits.
    const leaving = startGenerating(bob, {
      customAffirmationId,
      audioDuration: '3480',
      backgroundMusicId: longTrack.id,
      musicBelowVoiceDb: 19,
    });
    await eventually(async () => expect((await queueOf(bob)).running).toBe(1), 300, 50);
    // While it runs, another of his waits for the turn; he leaves both.
    const waiting = startGenerating(bob, { customAffirmationId, audioDuration: '120' });
    await eventually(async () => expect((await queueOf(bob)).waiting).toBe(1), 300, 50);
    waiting.stop();
    leaving.stop();
    await expect(leaving.response).rejects.toThrow();
    await expect(waiting.response).rejects.toThrow();

    await expectNothingLeftOfBobs({ usedBefore, savedBefore });
    expect(await announced(bob.user.id)).toBe(announcedBefore);
    expect(await allowanceUsed(bob)).toBe(usedBefore.used);
  });

  test('a long render answers while it is still being made: its first bytes are an Info frame stating the whole file and an audio frame, and leaving then keeps nothing', async () => {
    await system.services.generation.context.db.execute(sql`delete from generation.daily_usage where user_id = ${bob.user.id}`);
    const savedBefore = (await savedOf(bob)).length;
    const usedBefore = await usage(bob.user.id);
    const controller = new AbortController();
    const cookie = [...bob.client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    // An hour over the long track at a balance not rendered yet: its period is encoded while the head is sent.
    const res = await fetch(system.url + '/api/generate-audio', {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({
        sessionId: bob.sessionId,
        voiceSpeed: '1.0',
        audioDuration: '3600',
        customAffirmationId: bob.affirmationId.replace('custom-', ''),
        backgroundMusicId: longTrack.id,
        musicBelowVoiceDb: 10,
      }),
      signal: controller.signal,
    });
    expect(res.status).toBe(201);
    const reader = res.body!.getReader();
    let first = Buffer.alloc(0);
    while (first.length < 1024) {
      const { value, done } = await reader.read();
      if (done) break;
      first = Buffer.concat([first, value]);
    }
    const header = parseFrameHeader(first)!;
    const info = readInfoFrame(first.subarray(0, header.length), header);
    expect({ tag: info.tag, crcOk: info.crcOk, bytes: info.bytes, samples: info.frames * 1152 - info.delay - info.padding }).toEqual({
      tag: 'Info',
      crcOk: true,
      bytes: Number(res.headers.get('content-length')),
      samples: 3600 * 44100,
    });
    expect(parseFrameHeader(first, header.length)).toMatchObject({ bitrateKbps: 128, channels: 2, sampleRate: 44100 });

    // The listener leaves with the first bytes: the render was not finished, so nothing is kept or charged.
    controller.abort();
    await expectNothingLeftOfBobs({ usedBefore, savedBefore });
  });

  test('a render is admitted before any work: while it waits nothing is spoken, a full line refuses at once without an engine call or a second reserved, and leaving costs nothing', async () => {
    await system.services.generation.context.db.execute(
      sql`delete from generation.daily_usage where user_id in (${alice.user.id}, ${bob.user.id})`,
    );
    // A text never spoken before: speaking it would be an engine call.
    const fresh = (await customAffirmation(alice, `I welcome a quiet morning number ${randomUUID()}.`)).replace('custom-', '');
    const calls = await engineCallsMetered();
    const holder = startGenerating(bob, {
      customAffirmationId: bob.affirmationId.replace('custom-', ''),
      audioDuration: '1800',
      backgroundMusicId: longTrack.id,
      musicBelowVoiceDb: 10,
    });
    await eventually(async () => expect((await queueOf(bob)).running).toBe(1), 300, 50);
    const waiting = [1, 2, 3].map(() => startGenerating(alice, { customAffirmationId: fresh }));
    await eventually(async () => expect((await queueOf(alice)).waiting).toBe(3), 300, 50);
    // Waiting holds its place and then its seconds, and nothing of the text is spoken yet.
    await eventually(async () => expect(await usage(alice.user.id)).toEqual({ used: 0, reserved: 180 }), 300, 50);
    expect(await engineCallsMetered()).toBe(calls);

    const refused = await generate(alice, { customAffirmationId: fresh, audioDuration: '600' });
    expect({ status: refused.status, code: refused.data?.code }).toEqual({ status: 503, code: 'RENDER_QUEUE_FULL' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await engineCallsMetered()).toBe(calls);
    expect(await usage(alice.user.id)).toEqual({ used: 0, reserved: 180 });
    expect(await allowanceUsed(alice)).toBe(180);

    // She leaves all three before their turn: no engine call, no seconds, nothing saved.
    for (const render of waiting) render.stop();
    await Promise.all(waiting.map((render) => expect(render.response).rejects.toThrow()));
    await eventually(async () => expect(await usage(alice.user.id)).toEqual({ used: 0, reserved: 0 }), 300, 50);
    holder.stop();
    await expect(holder.response).rejects.toThrow();
    await eventually(async () => expect(await queueOf(bob)).toEqual({ running: 0, waiting: 0, place: null }), 600, 50);
    expect(await engineCallsMetered()).toBe(calls);
    expect(await usage(bob.user.id)).toEqual({ used: 0, reserved: 0 });
  });

  test('balance previews take turns in the same line, at most two per listener at once; the rest are refused at once', async () => {
    const customAffirmationId = bob.affirmationId.replace('custom-', '');
    const holder = startGenerating(alice, {
      transcriptId: (await aTranscript(alice.client)).id,
      audioDuration: '1800',
      backgroundMusicId: longTrack.id,
      musicBelowVoiceDb: 13,
    });
    await eventually(async () => expect((await queueOf(alice)).running).toBe(1), 300, 50);
    const previews = Array.from({ length: 6 }, (_, i) =>
      bob.client.api.send('POST /api/generate-audio/preview', {
        body: {
          sessionId: bob.sessionId,
          customAffirmationId,
          backgroundMusicId: music.id,
          musicBelowVoiceDb: [22, 19, 16, 13, 10, 16][i],
        },
      }),
    );
    // Four are refused at once, while two wait for the turn the render holds.
    const answered: { status: number; headers: Headers; data: unknown }[] = [];
    for (const p of previews) void p.then((r) => answered.push(r));
    await eventually(async () => expect(answered).toHaveLength(4), 600, 50);
    for (const r of answered) {
      expect(r.status).toBe(429);
      expect(r.data).toEqual({ error: 'Please wait for your last preview before asking for another.', code: 'PREVIEW_LIMIT' });
      expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    // Previews are not renders: Bob's place shows none.
    expect(await queueOf(bob)).toEqual({ running: 0, waiting: 0, place: null });
    holder.stop();
    await expect(holder.response).rejects.toThrow();
    const all = await Promise.all(previews);
    expect(all.map((r) => r.status).sort()).toEqual([200, 200, 429, 429, 429, 429]);
    for (const r of all.filter((r) => r.status === 200)) expect(decodeMp3(r.bytes, 2).length).toBe(8 * 2 * 44100);
    expect(await usage(bob.user.id)).toEqual({ used: 0, reserved: 0 });
  });

  test('the queue is for signed-in listeners only', async () => {
    const res = await new TestClient(system.url).api.send('GET /api/generate-audio/queue', {});
    expect(res.status).toBe(401);
  });
});
