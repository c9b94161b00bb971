import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { VOICE_SAMPLE_SENTENCES, type EndpointRequest } from '@innerecho/contracts';
import {
  addMusicTrack,
  decodeMp3,
  eventually,
  spokenSample,
  startTestSystem,
  sumOfMetricAt,
  uploadRecordingThroughApi,
  type TestSystem,
} from '@innerecho/embedded';
import { newSubscriber, type Subscriber } from './subscribers';

jest.setTimeout(300_000);

// POST /api/generate-audio/session: several affirmations, in order and repeated, in one saved MP3.
let system: TestSystem;
let alice: Subscriber;
let music: { id: string; title: string };
let transcripts: { id: string; title: string; content: string }[];
beforeAll(async () => {
  system = await startTestSystem();
  [alice, music] = await Promise.all([subscriber(), addMusicTrack(system, 'Session Calm Pad')]);
  transcripts = (await alice.client.api.call('GET /api/transcripts', {})).sort((a, b) => a.content.length - b.content.length);
});
afterAll(() => system?.stop());

const subscriber = (options: { cloned?: boolean; subscribed?: boolean } = {}) => newSubscriber(system, options);

type SessionBody = EndpointRequest<'POST /api/generate-audio/session'>['body'];
const session = (s: Subscriber, body: Omit<SessionBody, 'sessionId'>) =>
  s.client.api.send('POST /api/generate-audio/session', { body: { sessionId: s.sessionId, pauseSeconds: 1, ...body } });

const created = (res: { status: number; data?: unknown }) => (res.status === 201 ? 201 : { status: res.status, body: res.data });
/** Speech the voice service asked its engine for (a cached text asks none). */
const engineCalls = () => sumOfMetricAt([system.gateway.metricsUrl!], 'innerecho_voice_engine_calls_total', { operation: 'speak' });
const usedToday = async (s: Subscriber) => (await s.client.api.call('GET /api/generate-audio/allowance', {})).secondsUsed;
const savedAffirmations = (s: Subscriber) =>
  s.client.api.call('GET /api/saved-affirmations/:sessionId', { params: { sessionId: s.sessionId } });

/** The sample sentences' first three: a text the listener then reads themselves. */
const THREE_SENTENCES = VOICE_SAMPLE_SENTENCES.slice(0, 3).join(' ');
async function customAffirmation(s: Subscriber, title: string) {
  const res = await s.client.api.send('POST /api/custom-affirmations', {
    body: { sessionId: s.sessionId, title, content: THREE_SENTENCES, category: 'Other' },
  });
  expect(res.status).toBe(201);
  return res.data.id as string;
}

describe('building a session is validated before any work', () => {
  test('too few or too many affirmations, lengths and pauses out of bounds are refused with clear messages', async () => {
    const t = (i: number) => ({ transcriptId: transcripts[i % transcripts.length].id });
    const cases: [Record<string, unknown>, string][] = [
      [{ affirmations: [t(0)], length: { totalMinutes: 5 } }, 'A session holds 2 to 10 affirmations'],
      [{ affirmations: Array.from({ length: 11 }, (_, i) => t(i)), length: { totalMinutes: 5 } }, 'A session holds 2 to 10 affirmations'],
      [{ affirmations: [t(0), t(1)], length: { totalMinutes: 0 } }, 'Session length must be a whole number of minutes from 1 to 60'],
      [{ affirmations: [t(0), t(1)], length: { totalMinutes: 61 } }, 'Session length must be a whole number of minutes from 1 to 60'],
      [{ affirmations: [t(0), t(1)], length: { totalMinutes: 2.5 } }, 'Session length must be a whole number of minutes from 1 to 60'],
      [
        { affirmations: [t(0), t(1)], length: { repetitionsPerAffirmation: 0 } },
        'Repetitions per affirmation must be a whole number from 1',
      ],
      [
        { affirmations: [t(0), t(1)], length: { repetitionsPerAffirmation: 100 }, pauseSeconds: 30 },
        'This session would be longer than 60 minutes. Choose fewer repetitions or a shorter pause.',
      ],
      [
        { affirmations: [t(0), t(1)], length: { totalMinutes: 5, repetitionsPerAffirmation: 2 } },
        'Choose either a total length in minutes or repetitions per affirmation',
      ],
      [
        { affirmations: [t(0), t(1)], length: { totalMinutes: 5 }, pauseSeconds: 31 },
        'Pause between affirmations must be between 0 and 30 seconds',
      ],
      [
        { affirmations: [t(0), { text: 'hello' }], length: { totalMinutes: 5 } },
        'Each affirmation in a session is a library affirmation or one of your custom affirmations',
      ],
    ];
    const before = await usedToday(alice);
    for (const [body, error] of cases) {
      const res = await alice.client.api.send('POST /api/generate-audio/session', {
        invalidBody: { sessionId: alice.sessionId, pauseSeconds: 1, ...body },
      });
      expect({ status: res.status, error: res.data?.error }).toEqual({ status: 400, error });
    }
    expect(await usedToday(alice)).toBe(before);
  });

  test("another listener's custom affirmation is not found; a listener without a plan is asked for one", async () => {
    const owner = await subscriber({ cloned: false });
    const theirs = await customAffirmation(owner, 'Not Yours');
    const borrowed = await session(alice, {
      affirmations: [{ transcriptId: transcripts[0].id }, { customAffirmationId: theirs }],
      length: { totalMinutes: 1 },
    });
    expect({ status: borrowed.status, code: borrowed.data?.code }).toEqual({ status: 404, code: 'CUSTOM_AFFIRMATION_NOT_FOUND' });
    const unknown = await session(alice, {
      affirmations: [{ transcriptId: transcripts[0].id }, { transcriptId: randomUUID() }],
      length: { totalMinutes: 1 },
    });
    expect({ status: unknown.status, code: unknown.data?.code }).toEqual({ status: 404, code: 'TRANSCRIPT_NOT_FOUND' });

    const free = await subscriber({ cloned: false, subscribed: false });
    const refused = await session(free, {
      affirmations: [{ transcriptId: transcripts[0].id }, { transcriptId: transcripts[1].id }],
      length: { totalMinutes: 1 },
    });
    expect(refused.status).toBe(402);
  });
});

describe('a session is rendered from speech already kept and saved like any item', () => {
  test("each affirmation is spoken with the listener's own recording where they made one, else the cloned voice; no engine call for speech spoken before", async () => {
    const s = alice;
    const [first] = transcripts;
    // The listener reads one of their own affirmations themselves.
    const mine = await customAffirmation(s, 'Read By Me');
    const kept = await s.client.api.send('PUT /api/own-recordings/:sessionId/:affirmationId', {
      params: { sessionId: s.sessionId, affirmationId: `custom-${mine}` },
      body: { uploadURL: await uploadRecordingThroughApi(s.client, await spokenSample({ sentences: 3, format: 'wav' })) },
    });
    expect(kept.status === 200 ? 200 : kept.data).toBe(200);
    // The first transcript was generated on its own before: its speech is kept.
    const single = await s.client.api.send('POST /api/generate-audio', {
      body: { sessionId: s.sessionId, audioDuration: '60', transcriptId: first.id },
    });
    expect(single.status).toBe(201);

    const collectionId = randomUUID();
    const usedBefore = await usedToday(s);
    const callsBefore = await engineCalls();
    const res = await session(s, {
      affirmations: [{ transcriptId: first.id }, { customAffirmationId: mine }, { transcriptId: first.id }],
      length: { totalMinutes: 2 },
      pauseSeconds: 2,
      backgroundMusicId: music.id,
      musicBelowVoiceDb: 19,
      collectionId,
    });
    expect(created(res)).toBe(201);
    expect(res.headers.get('x-speech-engine-calls')).toBe('0');
    expect(await engineCalls()).toBe(callsBefore);
    expect(res.headers.get('content-type')).toBe('audio/mpeg');
    expect(decodeMp3(res.bytes, 2).length).toBe(120 * 2 * 44100);
    // The allowance counts the session by its length.
    expect(await usedToday(s)).toBe(usedBefore + 120);

    const id = res.headers.get('x-saved-affirmation-id');
    const [item] = await savedAffirmations(s);
    expect(item).toMatchObject({
      id,
      audioDuration: 120,
      sizeBytes: res.bytes.length,
      transcript: null,
      customAffirmation: null,
      backgroundMusic: { id: music.id, name: music.title },
      musicBelowVoiceDb: 19,
      voice: 'cloned',
      collectionId,
      sessionParts: [
        { title: first.title, transcriptId: first.id, customAffirmationId: null, spokenWith: 'cloned-voice' },
        { title: 'Read By Me', transcriptId: null, customAffirmationId: mine, spokenWith: 'own-recording' },
        { title: first.title, transcriptId: first.id, customAffirmationId: null, spokenWith: 'cloned-voice' },
      ],
    });
    // Played, downloaded and deleted like any saved affirmation.
    const audio = await s.client.request('GET', item.audioFilePath, { headers: { range: 'bytes=0-99' } });
    expect(audio.status).toBe(206);

    const events: any = await system.services.generation.context.db.execute(
      sql`select envelope from generation.outbox where subject = 'generation.affirmation-session.generated.v1'`,
    );
    expect((events.rows ?? events).map((r: any) => r.envelope.payload)).toContainEqual({
      savedAffirmationId: id,
      userId: s.user.id,
      collectionId,
      transcriptIds: [first.id, first.id],
      audioDurationSeconds: 120,
    });
    // The library counts one play of the transcript for the session, however often it repeats there.
    const plays = async () => {
      const rows: any = await system.services.library.context.db.execute(
        sql`select play_count from library.transcripts where id = ${first.id}`,
      );
      return (rows.rows ?? rows)[0].play_count as number;
    };
    const countedBefore = await plays();
    const again = await session(s, {
      affirmations: [{ transcriptId: first.id }, { customAffirmationId: mine }, { transcriptId: first.id }],
      length: { totalMinutes: 1 },
    });
    expect(created(again)).toBe(201);
    await eventually(async () => expect(await plays()).toBe(countedBefore + 1));
  });

  test('repetitions per affirmation: the length follows the speech, counted against the allowance as rendered', async () => {
    const s = alice;
    const [first, second] = transcripts;
    const usedBefore = await usedToday(s);
    const callsBefore = await engineCalls();
    const res = await session(s, {
      affirmations: [{ transcriptId: second.id }, { transcriptId: first.id }],
      length: { repetitionsPerAffirmation: 3 },
      pauseSeconds: 1,
    });
    expect(created(res)).toBe(201);
    const [item] = await savedAffirmations(s);
    expect(item.sessionParts!.map((p) => p.spokenWith)).toEqual(['cloned-voice', 'cloned-voice']);
    expect(item.voice).toBe('cloned');
    expect(item.collectionId).toBeNull();
    expect(item.name).toBe('Session of 2 affirmations');
    // Voice only: mono, exactly the saved length.
    expect(decodeMp3(res.bytes, 1).length).toBe(item.audioDuration * 44100);
    expect(item.audioDuration).toBeGreaterThan(3 * 2 * 1);
    expect(await usedToday(s)).toBe(usedBefore + item.audioDuration);
    // The second transcript had not been spoken before; the first had.
    const calls = (await engineCalls()) - callsBefore;
    expect(Number(res.headers.get('x-speech-engine-calls'))).toBe(calls);
    expect(calls).toBeGreaterThan(0);

    const repeat = await session(s, {
      affirmations: [{ transcriptId: first.id }, { transcriptId: second.id }],
      length: { totalMinutes: 1 },
      name: '  Morning  ',
    });
    expect(created(repeat)).toBe(201);
    expect(repeat.headers.get('x-speech-engine-calls')).toBe('0');

    // Named when made, renamed later; blank or too long names are refused.
    const [morning] = await savedAffirmations(s);
    expect(morning.name).toBe('Morning');
    const rename = (body: EndpointRequest<'PATCH /api/saved-affirmations/:sessionId/:id'>['body']) =>
      s.client.api.send('PATCH /api/saved-affirmations/:sessionId/:id', { params: { sessionId: s.sessionId, id: morning.id }, body });
    const renamed = await rename({ name: 'Evening' });
    expect(renamed.status).toBe(200);
    expect(renamed.data.name).toBe('Evening');
    expect((await savedAffirmations(s)).find((i) => i.id === morning.id)!.name).toBe('Evening');
    expect((await rename({ name: '  ' })).status).toBe(400);
    expect((await rename({ name: 'x'.repeat(81) })).status).toBe(400);
    expect((await rename({})).status).toBe(400);
  });
});

test("a session longer than what is left of today's hour is refused before any speech, and nothing is charged", async () => {
  const s = alice;
  const used = await usedToday(s);
  expect(used).toBeGreaterThan(0);
  const callsBefore = await engineCalls();
  const mine = await customAffirmation(s, 'Never Spoken');
  const res = await session(s, {
    affirmations: [{ transcriptId: transcripts[0].id }, { customAffirmationId: mine }],
    length: { totalMinutes: 60 },
  });
  expect({ status: res.status, code: res.data?.code }).toEqual({ status: 429, code: 'DAILY_LIMIT_REACHED' });
  expect(await engineCalls()).toBe(callsBefore);
  expect(await usedToday(s)).toBe(used);
});
