import { sql } from 'drizzle-orm';
import { VOICE_CONSENT_VERSION } from '@innerecho/contracts';
import {
  startTestSystem,
  TestClient,
  uniqueEmail,
  newSessionId,
  uploadRecordingThroughApi,
  type TestSystem,
  clippedSample,
  silentSample,
  spokenSample,
  sumOfMetricAt,
  signedUpSubscriber,
} from '@innerecho/embedded';
import { decodeWav } from '@innerecho/kit';

jest.setTimeout(240_000);

let system: TestSystem;
let goodSample: Buffer;
beforeAll(async () => {
  [system, goodSample] = await Promise.all([startTestSystem(), spokenSample()]);
});
afterAll(() => system?.stop());

const consent = { accepted: true, textVersion: VOICE_CONSENT_VERSION };

async function subscriber() {
  const listener = await signedUpSubscriber(system, 'voice');
  return { ...listener, token: listener.client.cookies.get('ie_session')! };
}

const speech = (token: string, text: unknown) =>
  fetch(`${system.services.voice.url}/internal/speech`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ text }),
  });

/** Speech the service asked its engine for (a cached text asks none), as its metrics count it. */
const engineCalls = () => sumOfMetricAt([system.gateway.metricsUrl!], 'innerecho_voice_engine_calls_total', { operation: 'speak' });

describe('which engine makes voices', () => {
  test('anyone, signed in or not, reads the engine a new voice is made with, through the gateway', async () => {
    const visitor = await new TestClient(system.url).api.send('GET /api/voice-engine', {});
    expect(visitor.status).toBe(200);
    expect(visitor.data).toEqual({ cloneEngine: 'local' });
    const { client } = await subscriber();
    expect((await client.api.send('GET /api/voice-engine', {})).data).toEqual({ cloneEngine: 'local' });
  });
});

describe('cloning a voice', () => {
  test('without consent the clone is refused with 400 and nothing is stored', async () => {
    const { client, sessionId } = await subscriber();
    const uploadURL = await uploadRecordingThroughApi(client, goodSample);
    const res = await client.api.send('POST /api/voice-profile/clone', { body: { sessionId, uploadURL } });
    expect(res.status).toBe(400);
    expect(res.data).toEqual({
      code: 'CONSENT_REQUIRED',
      error: 'Please confirm that this is your own voice and that you agree to it being cloned',
    });
    const declined = await client.api.send('POST /api/voice-profile/clone', {
      body: {
        sessionId,
        uploadURL,
        consent: { accepted: false, textVersion: VOICE_CONSENT_VERSION },
      },
    });
    expect(declined.data.code).toBe('CONSENT_REQUIRED');
    expect((await client.api.send('GET /api/voice-profile/:sessionId', { params: { sessionId } })).data.isCloned).toBe(false);
  });

  test('with consent the voice is cloned, and the consent is stored with the time, wording version and IP', async () => {
    const { client, user, sessionId } = await subscriber();
    const uploadURL = await uploadRecordingThroughApi(client, goodSample);
    const before = Date.now();
    const res = await client.api.send('POST /api/voice-profile/clone', { body: { sessionId, uploadURL, consent } });
    expect(res.status).toBe(200);
    expect(res.data).toEqual({ isCloned: true, engine: 'local' });
    const profile = await client.api.send('GET /api/voice-profile/:sessionId', { params: { sessionId } });
    expect(profile.data).toEqual({ isCloned: true, engine: 'local', updatedAt: expect.any(String), cloneEngine: 'local' });

    const rows: any = await system.services.voice.context.db.execute(
      sql`select consent_at, consent_text_version, consent_ip, sample_key from voice.voice_profiles where user_id = ${user.id}`,
    );
    const row = (rows.rows ?? rows)[0];
    expect(new Date(row.consent_at).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(row.consent_text_version).toBe(VOICE_CONSENT_VERSION);
    expect(row.consent_ip).toMatch(/127\.0\.0\.1|::1/);
    // The stored sample is the trimmed, normalised WAV, not the raw upload.
    const sample = await system.services.voice.context.files.get(row.sample_key);
    expect(sample?.contentType).toBe('audio/wav');
  });

  test('a user without an active subscription cannot clone (402)', async () => {
    const client = new TestClient(system.url);
    await client.signUp(uniqueEmail('free'));
    const sessionId = newSessionId();
    const uploadURL = await uploadRecordingThroughApi(client, goodSample);
    const res = await client.api.send('POST /api/voice-profile/clone', { body: { sessionId, uploadURL, consent } });
    expect(res.status).toBe(402);
    expect(res.data.code).toBe('SUBSCRIPTION_REQUIRED');
  });

  test.each([
    [
      'a too-short recording',
      () => spokenSample({ sentences: 2 }),
      'SAMPLE_TOO_SHORT',
      'Recording too short: please read all five sentences',
    ],
    ['a silent recording', () => silentSample(30), 'SAMPLE_SILENT', 'Recording is silent: please check your microphone and record again'],
    [
      'a file that is not audio',
      async () => Buffer.from('this is not audio at all, just some text pretending to be webm '.repeat(20)),
      'SAMPLE_NOT_AUDIO',
      'We could not read this recording as audio. Please record again.',
    ],
    [
      'a badly clipped recording',
      () => clippedSample(40),
      'SAMPLE_CLIPPED',
      'Recording is too loud and distorted: move a little further from the microphone and record again',
    ],
  ])('%s is refused with its message', async (_name, make, code, message) => {
    const { client, sessionId } = await subscriber();
    const body = await make();
    const uploadURL = await uploadRecordingThroughApi(client, body);
    const res = await client.api.send('POST /api/voice-profile/clone', { body: { sessionId, uploadURL, consent } });
    expect(res.status).toBe(400);
    expect(res.data).toEqual({ code, error: message });
    expect((await client.api.send('GET /api/voice-profile/:sessionId', { params: { sessionId } })).data.isCloned).toBe(false);
  });

  test("another user's upload URL cannot be cloned", async () => {
    const owner = await subscriber();
    const uploadURL = await uploadRecordingThroughApi(owner.client, goodSample);
    const thief = await subscriber();
    const res = await thief.client.api.send('POST /api/voice-profile/clone', { body: { sessionId: thief.sessionId, uploadURL, consent } });
    expect(res.status).toBe(400);
    expect(res.data.code).toBe('SAMPLE_NOT_FOUND');
  });
});

describe('sessionId ownership', () => {
  test("another user's sessionId is refused with 403 on every voice route", async () => {
    const owner = await subscriber();
    expect((await owner.client.api.send('GET /api/voice-profile/:sessionId', { params: { sessionId: owner.sessionId } })).status).toBe(200);
    const other = await subscriber();
    const uploadURL = await uploadRecordingThroughApi(other.client, goodSample);
    const read = await other.client.api.send('GET /api/voice-profile/:sessionId', { params: { sessionId: owner.sessionId } });
    const clone = await other.client.api.send('POST /api/voice-profile/clone', {
      body: { sessionId: owner.sessionId, uploadURL, consent },
    });
    const del = await other.client.api.send('DELETE /api/voice-profile/:sessionId', { params: { sessionId: owner.sessionId } });
    for (const res of [read, clone, del]) {
      expect(res.status).toBe(403);
      expect(res.data.code).toBe('SESSION_NOT_OWNED');
    }
    expect(
      (await other.client.api.send('GET /api/voice-profile/:sessionId', { params: { sessionId: other.sessionId } })).data.isCloned,
    ).toBe(false);
  });

  test('signed out, every voice route answers 401', async () => {
    const anonymous = new TestClient(system.url);
    const sessionId = newSessionId();
    expect((await anonymous.api.send('GET /api/voice-profile/:sessionId', { params: { sessionId } })).status).toBe(401);
    expect((await anonymous.api.send('POST /api/voice-profile/upload', {})).status).toBe(401);
    expect((await anonymous.api.send('POST /api/voice-profile/clone', { body: { sessionId, uploadURL: '/x', consent } })).status).toBe(401);
    expect((await anonymous.api.send('DELETE /api/voice-profile/:sessionId', { params: { sessionId } })).status).toBe(401);
  });
});

describe('speech and deletion', () => {
  test('without a cloned voice /internal/speech answers 409 VOICE_NOT_CLONED', async () => {
    const { token } = await subscriber();
    const res = await speech(token, 'I am calm.');
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ code: 'VOICE_NOT_CLONED', error: 'Please record and clone your voice first' });
  });

  test('speech is synthesised once per text, served from the cache after, and re-record deletes the sample and every clip', async () => {
    const { client, user, sessionId, token } = await subscriber();
    const uploadURL = await uploadRecordingThroughApi(client, goodSample);
    expect((await client.api.send('POST /api/voice-profile/clone', { body: { sessionId, uploadURL, consent } })).status).toBe(200);

    const text = 'I am calm and steady. Every day I grow a little stronger! Peace is my natural state.';
    const callsBefore = await engineCalls();
    const first = await speech(token, text);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('audio/wav');
    expect(first.headers.get('x-speech-cache')).toBe('miss');
    const voiceId = first.headers.get('x-voice-id')!;
    const wav = decodeWav(Buffer.from(await first.arrayBuffer()))!;
    expect(wav.sampleRate).toBe(44100);
    expect(wav.samples.length / 44100).toBeGreaterThan(3);
    expect(await engineCalls()).toBe(callsBefore + 1);

    const second = await speech(token, text);
    expect(second.headers.get('x-speech-cache')).toBe('hit');
    expect(decodeWav(Buffer.from(await second.arrayBuffer()))?.samples).toEqual(wav.samples);
    expect(await engineCalls()).toBe(callsBefore + 1);

    const rows: any = await system.services.voice.context.db.execute(
      sql`select sample_key from voice.voice_profiles where user_id = ${user.id}`,
    );
    const sampleKey = (rows.rows ?? rows)[0].sample_key as string;
    const files = system.services.voice.context.files;
    const { speechCacheKey } = await import('../src/domain/synthesize-speech');
    expect(await files.stat(sampleKey)).not.toBeNull();
    expect(await files.stat(speechCacheKey(voiceId, 'local', text))).not.toBeNull();

    const del = await client.api.send('DELETE /api/voice-profile/:sessionId', { params: { sessionId } });
    expect(del.status).toBe(200);
    expect(await files.stat(sampleKey)).toBeNull();
    expect(await files.stat(speechCacheKey(voiceId, 'local', text))).toBeNull();
    expect((await client.api.send('GET /api/voice-profile/:sessionId', { params: { sessionId } })).data).toEqual({
      isCloned: false,
      engine: null,
      updatedAt: null,
      cloneEngine: 'local',
    });
    expect((await speech(token, text)).status).toBe(409);
  });

  test('an empty or too-long text is refused with 400', async () => {
    const { token } = await subscriber();
    const empty = await speech(token, '   ');
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as any).error).toBe('Text is required');
    const long = await speech(token, 'a'.repeat(2001));
    expect(long.status).toBe(400);
    expect(((await long.json()) as any).error).toBe('Text must be at most 2000 characters');
  });
});
