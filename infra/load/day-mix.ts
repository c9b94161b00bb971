import { cpus } from 'node:os';
import { Agent, request } from 'undici';
import {
  newSessionId,
  spokenSample,
  subscribeThroughDemoCheckout,
  TestClient,
  uniqueEmail,
  cloneVoiceInNewSession,
} from '@innerecho/embedded';

/**
 * A day's mix as arrivals (an open model): requests start at a set rate whatever the answers
 * take, as visitors and listeners arrive on their own, unlike closed loops that wait for each
 * answer and so slow down with the system they measure. One listener's day, the unit of the
 * mix (`LISTENER_DAY`): a landing as a visitor (the shell, the library, the session), a sign-in
 * now and then, browsing signed in, plays with range requests, a render of 3-20 minutes with
 * music every few days, an hour rarely, a voice sample uploaded rarely.
 */
interface ArrivalClass {
  name: string;
  /** Requests of this kind one daily listener makes in a day. */
  perListenerDay: number;
  /** Held to the read goal (p95 under READ_P95_MS, no errors). */
  read: boolean;
  /** A render: admitted (201), or refused with Retry-After (429 or 503), is fine. */
  render?: boolean;
}

export const LISTENER_DAY: ArrivalClass[] = [
  { name: 'landing: shell page', perListenerDay: 1, read: true },
  { name: 'landing: library (public)', perListenerDay: 1, read: true },
  { name: 'landing: session (visitor)', perListenerDay: 1, read: true },
  { name: 'sign-in', perListenerDay: 0.3, read: false },
  { name: 'browse: auth user', perListenerDay: 3, read: true },
  { name: 'browse: saved list', perListenerDay: 2, read: true },
  { name: 'browse: allowance', perListenerDay: 1, read: true },
  { name: 'browse: voice profile', perListenerDay: 1, read: true },
  { name: 'browse: streak', perListenerDay: 1, read: true },
  { name: 'browse: creators', perListenerDay: 1, read: true },
  { name: 'play: range request', perListenerDay: 6, read: true },
  { name: 'render 3-20 min with music', perListenerDay: 0.2, read: false, render: true },
  { name: 'render an hour', perListenerDay: 0.01, read: false, render: true },
  { name: 'voice sample upload', perListenerDay: 0.02, read: false },
];

export const REQUESTS_PER_LISTENER_DAY = LISTENER_DAY.reduce((n, c) => n + c.perListenerDay, 0);
/** The busiest hour carries this many times the day's average rate: capacity is sized for it. */
export const PEAK_FACTOR = 3;
export const READ_P95_MS = 300;
/** Requests in flight beyond this are not started and count as errors (the load generator's own bound). */
const MAX_IN_FLIGHT = 2000;

interface Actors {
  baseUrl: string;
  /** Signed-in listeners who browse and play (cookie, sessionId, email). */
  listeners: { cookie: string; sessionId: string; email: string }[];
  /** Subscribed listeners with a cloned voice, who render. */
  renderers: { cookie: string; sessionId: string }[];
  transcriptId: string;
  musicId: string | undefined;
  /** A saved affirmation's audio path, for plays. */
  audioPath: string;
  sample: Uint8Array;
}

const PASSWORD = 'load test password';
const cookieOf = (client: TestClient) => [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

/** The people of the run, made through the public API: listeners, renderers with cloned voices, one render to play. */
export async function prepareActors(baseUrl: string, counts: { listeners: number; renderers: number }): Promise<Actors> {
  const listeners: Actors['listeners'] = [];
  for (let i = 0; i < counts.listeners; i++) {
    const client = new TestClient(baseUrl);
    const email = uniqueEmail('day-listener');
    await client.signUp(email, PASSWORD);
    listeners.push({ cookie: cookieOf(client), sessionId: newSessionId(), email });
  }
  const renderers = await Promise.all(
    Array.from({ length: counts.renderers }, async () => {
      const client = new TestClient(baseUrl);
      const email = uniqueEmail('day-renderer');
      await client.signUp(email, PASSWORD);
      await subscribeThroughDemoCheckout(baseUrl, { client, email });
      const sessionId = await cloneVoiceInNewSession(client);
      return { client, cookie: cookieOf(client), sessionId };
    }),
  );
  const first = renderers[0].client;
  const transcriptId = ((await first.get('/api/transcripts')).data as { id: string }[])[0].id;
  const music = (await first.get('/api/background-music')).data as { id: string }[] | undefined;
  const render = await first.postJson('/api/generate-audio', {
    sessionId: renderers[0].sessionId,
    transcriptId,
    voiceSpeed: '1.0',
    audioDuration: '180',
  });
  if (render.status !== 201) throw new Error(`the first render failed: ${render.status}`);
  const saved = (await first.get(`/api/saved-affirmations/${renderers[0].sessionId}`)).data as { audioFilePath: string }[];
  return {
    baseUrl,
    listeners,
    renderers: renderers.map(({ cookie, sessionId }) => ({ cookie, sessionId })),
    transcriptId,
    musicId: Array.isArray(music) && music.length ? music[0].id : undefined,
    audioPath: saved[0].audioFilePath,
    sample: new Uint8Array(await spokenSample()),
  };
}

export interface Outcome {
  kind: string;
  ms: number;
  /** 0 when no answer came (a connection error or the generator's own bound). */
  status: number;
  retryAfter: boolean;
  /** A render refused because its listener's daily allowance was spent (the model's accounts, not the system). */
  allowanceSpent?: boolean;
}

const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)];
const json = { 'content-type': 'application/json' };

/** Sends one request of `kind` and resolves with its outcome (never rejects). */
async function arrive(kind: ArrivalClass, actors: Actors, dispatcher: Agent): Promise<Outcome> {
  const started = performance.now();
  const listener = pick(actors.listeners);
  const renderer = pick(actors.renderers);
  const send = async (path: string, init: { method?: string; headers?: Record<string, string>; body?: string | Uint8Array } = {}) => {
    const answer = await request(new URL(path, actors.baseUrl), {
      dispatcher,
      method: (init.method ?? 'GET') as 'GET',
      headers: init.headers,
      body: init.body,
      headersTimeout: 600_000,
      bodyTimeout: 600_000,
    });
    const body = Buffer.from(await answer.body.arrayBuffer());
    return { status: answer.statusCode, retryAfter: answer.headers['retry-after'] !== undefined, body };
  };
  const me = { cookie: listener.cookie };
  const renderBody = (seconds: number) =>
    JSON.stringify({
      sessionId: renderer.sessionId,
      transcriptId: actors.transcriptId,
      voiceSpeed: '1.0',
      audioDuration: String(seconds),
      ...(actors.musicId ? { backgroundMusicId: actors.musicId } : {}),
    });
  try {
    let answer: Awaited<ReturnType<typeof send>>;
    switch (kind.name) {
      case 'landing: shell page':
        answer = await send('/', { headers: { accept: 'text/html' } });
        break;
      case 'landing: library (public)':
        answer = await send('/api/transcripts');
        break;
      case 'landing: session (visitor)':
        answer = await send('/api/auth/session');
        break;
      case 'sign-in':
        answer = await send('/api/login', {
          method: 'POST',
          headers: json,
          body: JSON.stringify({ email: listener.email, password: PASSWORD }),
        });
        break;
      case 'browse: auth user':
        answer = await send('/api/auth/user', { headers: me });
        break;
      case 'browse: saved list':
        answer = await send(`/api/saved-affirmations/${listener.sessionId}`, { headers: me });
        break;
      case 'browse: allowance':
        answer = await send('/api/generate-audio/allowance', { headers: me });
        break;
      case 'browse: voice profile':
        answer = await send(`/api/voice-profile/${listener.sessionId}`, { headers: me });
        break;
      case 'browse: streak':
        answer = await send(`/api/saved-affirmations/${listener.sessionId}/streak?timeZone=Europe%2FBerlin`, { headers: me });
        break;
      case 'browse: creators':
        answer = await send('/api/creators');
        break;
      case 'play: range request': {
        const start = Math.floor(Math.random() * 8) * 65_536;
        // The saved affirmation is its first renderer's own.
        answer = await send(actors.audioPath, {
          headers: { cookie: actors.renderers[0].cookie, range: `bytes=${start}-${start + 65_535}` },
        });
        break;
      }
      case 'render 3-20 min with music':
        answer = await send('/api/generate-audio', {
          method: 'POST',
          headers: { ...json, cookie: renderer.cookie },
          body: renderBody(60 * (3 + Math.floor(Math.random() * 18))),
        });
        break;
      case 'render an hour':
        answer = await send('/api/generate-audio', {
          method: 'POST',
          headers: { ...json, cookie: renderer.cookie },
          body: renderBody(3600),
        });
        break;
      case 'voice sample upload': {
        const link = await send('/api/voice-profile/upload', { method: 'POST', headers: { ...json, cookie: renderer.cookie }, body: '{}' });
        if (link.status !== 200) {
          answer = link;
          break;
        }
        const { uploadURL } = JSON.parse(link.body.toString()) as { uploadURL: string };
        answer = await send(uploadURL, { method: 'PUT', headers: { 'content-type': 'audio/webm' }, body: actors.sample });
        break;
      }
      default:
        throw new Error(`no arrival named ${kind.name}`);
    }
    const allowanceSpent = kind.render && answer.status === 429 && answer.body.toString().includes('DAILY_LIMIT_REACHED');
    return { kind: kind.name, ms: performance.now() - started, status: answer.status, retryAfter: answer.retryAfter, allowanceSpent };
  } catch {
    return { kind: kind.name, ms: performance.now() - started, status: 0, retryAfter: false };
  }
}

/** Whether an outcome is an error by the run's rules: renders may be refused with Retry-After, nothing else may fail. */
export function isError(outcome: Outcome, kind: ArrivalClass): boolean {
  if (outcome.status === 0) return true;
  if (kind.render)
    return !(outcome.status === 201 || outcome.allowanceSpent || ([429, 503].includes(outcome.status) && outcome.retryAfter));
  return outcome.status >= 400;
}

/**
 * Starts requests at `rate` a second for `seconds`, each kind in its share of the day's mix,
 * without waiting for answers. Resolves with the step's outcomes once the reads of the step
 * are answered; renders (which take seconds to minutes) settle into `late`, awaited at the end.
 */
export async function runStep(rate: number, seconds: number, actors: Actors, dispatcher: Agent, late: Promise<Outcome>[]) {
  const outcomes: Outcome[] = [];
  const reads: Promise<void>[] = [];
  const weights = LISTENER_DAY.map((c) => c.perListenerDay / REQUESTS_PER_LISTENER_DAY);
  let inFlight = 0;
  let started = 0;
  const begin = performance.now();
  await new Promise<void>((resolve) => {
    const tick = setInterval(() => {
      const elapsed = (performance.now() - begin) / 1000;
      const due = Math.min(rate * seconds, Math.floor(rate * elapsed));
      for (; started < due; started++) {
        let r = Math.random();
        let index = 0;
        while (index < weights.length - 1 && r >= weights[index]) r -= weights[index++];
        const kind = LISTENER_DAY[index];
        if (inFlight >= MAX_IN_FLIGHT) {
          outcomes.push({ kind: kind.name, ms: 0, status: 0, retryAfter: false });
          continue;
        }
        inFlight++;
        const done = arrive(kind, actors, dispatcher).then((outcome) => {
          inFlight--;
          return outcome;
        });
        if (kind.render || kind.name === 'voice sample upload') late.push(done);
        else reads.push(done.then((outcome) => void outcomes.push(outcome)));
      }
      if (elapsed >= seconds) {
        clearInterval(tick);
        resolve();
      }
    }, 5);
  });
  await Promise.all(reads);
  return outcomes;
}

/** The k6-style p-th percentile (linear interpolation between the closest ranks). */
export function percentile(values: number[], p: number): number {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = (p / 100) * (sorted.length - 1);
  const low = Math.floor(rank);
  return sorted[low] + (sorted[Math.ceil(rank)] - sorted[low]) * (rank - low);
}

export const CORES = cpus().length;
