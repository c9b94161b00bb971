// k6 load script: subscribed listeners with a cloned voice render one-minute affirmations,
// list their saved library and stream the audio. Targets only the local gateway on the
// demo checkout (no STRIPE_SECRET_KEY); bounded in virtual users and time. Renders are CPU
// work measured in seconds, so a few virtual users are plenty.
//   k6 run -e BASE_URL=http://localhost:3000 -e SAMPLE_FILE=/path/to/voice-30s.webm infra/k6/generation.js
// SAMPLE_FILE: at least 20 seconds of one person speaking (webm or wav), e.g. a recording of
// the five sample sentences shown on /record-voice.
import http from 'k6/http';
import { check, fail, sleep } from 'k6';

const BASE_URL = __ENV.BASE_URL || 'http://localhost:3000';
if (!/^http:\/\/(localhost|127\.0\.0\.1)(:\d+)?$/.test(BASE_URL)) throw new Error('This script only targets a local gateway');
const SAMPLE = open(__ENV.SAMPLE_FILE, 'b');
const CONSENT_VERSION = 'voice-consent-2026-11-v1';

export const options = {
  scenarios: {
    listeners: { executor: 'per-vu-iterations', vus: 2, iterations: 4, maxDuration: '10m' },
  },
  thresholds: {
    http_req_failed: ['rate<0.01'],
    'http_req_duration{name:generate}': ['p(95)<30000'],
    'http_req_duration{name:saved}': ['p(95)<200'],
  },
};

const json = { headers: { 'content-type': 'application/json' } };

/** Each virtual user becomes a subscribed listener with a cloned voice, once. */
function listener() {
  if (globalThis.__listener) return globalThis.__listener;
  const email = `k6.gen.${__VU}.${Date.now()}@example.com`;
  const sessionId = `session_${Date.now()}_k6vu${__VU}`;
  const signedUp = check(
    http.post(`${BASE_URL}/api/signup`, JSON.stringify({ email, password: 'load test password', name: 'Load' }), json),
    {
      'signed up': (r) => r.status === 201,
    },
  );
  if (!signedUp) fail('sign-up failed (raise SIGN_IN_RATE_LIMIT for load runs)');
  const checkout = http.post(`${BASE_URL}/api/create-checkout-session`, JSON.stringify({ plan: 'monthly' }), json);
  const path = checkout.json('url');
  http.post(`${BASE_URL}${path}/complete`, { email, simulateFirstPayment: 'on' }, { redirects: 0 });
  const upload = http.post(`${BASE_URL}/api/voice-profile/upload`, '{}', json).json('uploadURL');
  const target = upload.startsWith('http') ? upload : `${BASE_URL}${upload}`;
  check(http.put(target, SAMPLE, { headers: { 'content-type': 'audio/webm' } }), { 'sample uploaded': (r) => r.status === 200 });
  const clone = http.post(
    `${BASE_URL}/api/voice-profile/clone`,
    JSON.stringify({ sessionId, uploadURL: upload, consent: { accepted: true, textVersion: CONSENT_VERSION } }),
    { ...json, timeout: '180s' },
  );
  if (!check(clone, { cloned: (r) => r.status === 200 })) fail(`clone failed: ${clone.status} ${clone.body}`);
  const transcripts = http.get(`${BASE_URL}/api/transcripts`).json();
  globalThis.__listener = { sessionId, transcriptId: transcripts[__VU % transcripts.length].id };
  return globalThis.__listener;
}

export default function () {
  const { sessionId, transcriptId } = listener();
  const render = http.post(
    `${BASE_URL}/api/generate-audio`,
    JSON.stringify({ sessionId, transcriptId, voiceSpeed: '1.0', audioDuration: '60' }),
    { ...json, timeout: '300s', tags: { name: 'generate' } },
  );
  check(render, { rendered: (r) => r.status === 201 && r.headers['Content-Type'] === 'audio/mpeg' });
  const saved = http.get(`${BASE_URL}/api/saved-affirmations/${sessionId}`, { tags: { name: 'saved' } });
  check(saved, { 'saved listed': (r) => r.status === 200 && r.json().length > 0 });
  const audio = http.get(`${BASE_URL}${saved.json()[0].audioFilePath}`, { headers: { range: 'bytes=0-65535' }, tags: { name: 'audio' } });
  check(audio, { 'audio streams': (r) => r.status === 206 });
  sleep(1);
}
