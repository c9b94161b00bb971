import { VOICE_CONSENT_VERSION, VOICE_SAMPLE_SENTENCES } from '@innerecho/contracts';
import { startTestSystem, uploadRecordingThroughApi, type TestSystem, spokenSample, signedUpSubscriber } from '@innerecho/embedded';
import { decodeWav } from '@innerecho/kit';
import { FakeElevenLabs } from './fake-elevenlabs-server';

jest.setTimeout(240_000);

const API_KEY = 'sk_test_innerecho_0123456789';
let fake: FakeElevenLabs;
let system: TestSystem;
let sample: Buffer;
beforeAll(async () => {
  fake = await new FakeElevenLabs(API_KEY).start();
  [system, sample] = await Promise.all([
    startTestSystem({ env: { ...process.env, ELEVENLABS_API_KEY: API_KEY, ELEVENLABS_BASE_URL: fake.url } }),
    spokenSample(),
  ]);
});
afterAll(async () => {
  await system?.stop();
  await fake?.stop();
});
afterEach(() => {
  fake.apiKey = API_KEY;
  fake.failNext = null;
});

const consent = { accepted: true, textVersion: VOICE_CONSENT_VERSION };

async function subscriberWithUpload() {
  const { client, sessionId } = await signedUpSubscriber(system, 'eleven');
  const uploadURL = await uploadRecordingThroughApi(client, sample);
  return { client, sessionId, uploadURL, token: client.cookies.get('ie_session')! };
}

const speech = (token: string, text: string) =>
  fetch(`${system.services.voice.url}/internal/speech`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ text }),
  });

test('with ELEVENLABS_API_KEY set, clone, speech and delete go to ElevenLabs with the key, the sample, the model and the output format', async () => {
  const { client, sessionId, uploadURL, token } = await subscriberWithUpload();
  const clone = await client.api.send('POST /api/voice-profile/clone', { body: { sessionId, uploadURL, consent } });
  expect(clone.status).toBe(200);
  expect(clone.data).toEqual({ isCloned: true, engine: 'elevenlabs' });

  const add = fake.calls.find((c) => c.path === '/v1/voices/add')!;
  expect(add.method).toBe('POST');
  expect(add.apiKey).toBe(API_KEY);
  expect(add.contentType).toMatch(/^multipart\/form-data; boundary=/);
  expect(add.fields?.name).toMatch(/^InnerEcho /);
  expect(add.files).toEqual([{ field: 'files', name: 'sample.wav', type: 'audio/wav', size: expect.any(Number) }]);
  expect(add.files![0].size).toBeGreaterThan(20 * 44100 * 2); // the trimmed sample: > 20 s of 16-bit mono
  const [voiceId] = [...fake.voices.keys()];

  const res = await speech(token, 'I am calm. I am loved.');
  expect(res.status).toBe(200);
  const tts = fake.calls.filter((c) => c.path === `/v1/text-to-speech/${voiceId}`);
  expect(tts.map((c) => c.json.text)).toEqual(['I am calm.', 'I am loved.']);
  for (const call of tts) {
    expect(call.apiKey).toBe(API_KEY);
    expect(call.query.output_format).toBe('pcm_44100');
    expect(call.json.model_id).toBe('eleven_multilingual_v2');
  }
  const wav = decodeWav(Buffer.from(await res.arrayBuffer()))!;
  expect(wav.sampleRate).toBe(44100);
  // Two clips of 60 ms per character (10 + 11 characters) and the pause between them.
  expect(wav.samples.length / 44100).toBeCloseTo(0.06 * 21 + 0.35, 1);

  const del = await client.api.send('DELETE /api/voice-profile/:sessionId', { params: { sessionId } });
  expect(del.status).toBe(200);
  const deleteCall = fake.calls.find((c) => c.method === 'DELETE')!;
  expect(deleteCall.path).toBe(`/v1/voices/${voiceId}`);
  expect(deleteCall.apiKey).toBe(API_KEY);
  expect(fake.voices.has(voiceId)).toBe(false);
});

test.each([
  [
    'an invalid key',
    () => (fake.apiKey = 'another key'),
    503,
    'VOICE_PROVIDER_KEY_INVALID',
    'Voice cloning is not available: the ElevenLabs API key was refused. Please contact support.',
  ],
  [
    'a used-up quota',
    () => (fake.failNext = { status: 401, detail: { status: 'quota_exceeded', message: 'This request exceeds your quota.' } }),
    503,
    'VOICE_PROVIDER_QUOTA',
    'The voice provider has reached its usage limit. Please try again later.',
  ],
  [
    'a rejected sample',
    () => (fake.failNext = { status: 400, detail: { status: 'invalid_sample', message: 'the sample contains too much background noise' } }),
    400,
    'VOICE_SAMPLE_REJECTED',
    'The voice provider could not use this recording: the sample contains too much background noise. Please record again in a quiet room.',
  ],
])('%s from ElevenLabs becomes a clear message and no voice is saved', async (_name, arrange, status, code, message) => {
  const { client, sessionId, uploadURL } = await subscriberWithUpload();
  arrange();
  const res = await client.api.send('POST /api/voice-profile/clone', { body: { sessionId, uploadURL, consent } });
  expect(res.status).toBe(status);
  expect(res.data).toEqual({ code, error: message });
  expect((await client.api.send('GET /api/voice-profile/:sessionId', { params: { sessionId } })).data.isCloned).toBe(false);
});

test('with ElevenLabs configured, a listener’s own reading speaks their affirmation: the render calls no engine and says whose voice it is', async () => {
  const { client, sessionId, uploadURL } = await subscriberWithUpload();
  expect((await client.api.send('POST /api/voice-profile/clone', { body: { sessionId, uploadURL, consent } })).status).toBe(200);
  const content = VOICE_SAMPLE_SENTENCES.slice(0, 3).join(' ');
  const created = await client.api.send('POST /api/custom-affirmations', {
    body: { sessionId, title: 'Read By Me', content, category: 'Other' },
  });
  expect(created.status).toBe(201);
  const take = await uploadRecordingThroughApi(client, await spokenSample({ sentences: 3, format: 'wav' }));
  const kept = await client.api.send('PUT /api/own-recordings/:sessionId/:affirmationId', {
    params: { sessionId, affirmationId: `custom-${created.data.id}` },
    body: { uploadURL: take },
  });
  expect(kept.status).toBe(200);

  const callsBefore = fake.calls.length;
  const generated = await client.api.send('POST /api/generate-audio', {
    body: { sessionId, voiceSpeed: '1.0', audioDuration: '60', customAffirmationId: created.data.id },
  });
  expect(generated.status).toBe(201);
  expect(generated.headers.get('x-speech-voice')).toBe('own');
  expect(generated.headers.get('x-speech-engine-calls')).toBe('0');
  expect(fake.calls.slice(callsBefore)).toEqual([]);
  const saved = await client.api.send('GET /api/saved-affirmations/:sessionId', { params: { sessionId } });
  expect(saved.data.map((s: { voice: string }) => s.voice)).toEqual(['own']);
});
