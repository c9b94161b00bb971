import { get as httpGet, type IncomingHttpHeaders } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AffirmationGeneratedV1, type EndpointRequest, type EventContract } from '@innerecho/contracts';
import { sql } from 'drizzle-orm';
import { prepareUnpreparedMusic } from '../src/domain/music-catalogue';
import { pcmKeyFor } from '../src/domain/music-pcm';
import {
  eventually,
  silentFlac,
  sumOfMetric,
  startTestSystem,
  TestClient,
  uniqueEmail,
  newSessionId,
  writeToneMp3,
  type TestSystem,
} from '@innerecho/embedded';

jest.setTimeout(180_000);

let system: TestSystem;
let admin: TestClient;
let subscriber: TestClient;
let work: string;
/** A real MP3 of 20 seconds, made by ffmpeg for these tests. */
let mp3: Buffer;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'library-api-'));
  writeToneMp3(join(work, 'tone.mp3'), { frequencyHz: 220, seconds: 20 });
  mp3 = readFileSync(join(work, 'tone.mp3'));
  system = await startTestSystem({ env: { ...process.env, STARTER_CONTENT: 'off' } });
  admin = new TestClient(system.url);
  const res = await admin.api.send('POST /api/login', { body: { email: system.admin.email, password: system.admin.password } });
  expect(res.status).toBe(200);
  subscriber = new TestClient(system.url);
  await subscriber.signUp(uniqueEmail());
});
afterAll(async () => {
  await system?.stop();
  rmSync(work, { recursive: true, force: true });
});

const visitor = () => new TestClient(system.url);

const envelopeOf = <C extends EventContract>(contract: C, payload: unknown, id = randomUUID()) => ({
  id,
  subject: contract.subject,
  occurredAt: new Date().toISOString(),
  producer: 'generation',
  payload: contract.schema.parse(payload),
});

async function publish<C extends EventContract>(contract: C, payload: unknown, id = randomUUID()) {
  await system.transports[system.transports.length - 1].publish(envelopeOf(contract, payload, id));
  return id;
}

/** Deliveries of generation's events the library's consumer has taken: handled, or absorbed by its inbox as seen before. */
const generationEventDeliveries = async () => {
  const figures = await (await fetch(`${system.gateway.metricsUrl}/metrics`)).text();
  const labels = { service: 'library', subject: AffirmationGeneratedV1.subject };
  return (
    sumOfMetric(figures, 'innerecho_events_handled_total', labels) + sumOfMetric(figures, 'innerecho_events_already_handled_total', labels)
  );
};

/** What generation announces when an affirmation was rendered from a transcript. */
async function play(transcriptId: string, times = 1) {
  for (let i = 0; i < times; i++) {
    await publish(AffirmationGeneratedV1, {
      savedAffirmationId: randomUUID(),
      userId: randomUUID(),
      transcriptId,
      customAffirmationId: null,
      audioDurationSeconds: 60,
    });
  }
  const target = await currentPlays(transcriptId);
  return target;
}
const currentPlays = async (id: string) =>
  (await visitor().api.send('GET /api/transcripts/:id', { params: { id } })).data.playCount as number;
async function playsReach(id: string, count: number) {
  await eventually(async () => expect(await currentPlays(id)).toBe(count));
}

const addTranscript = async (body: { title: string } & Partial<EndpointRequest<'POST /api/transcripts'>['body']>) => {
  const res = await admin.api.send('POST /api/transcripts', {
    body: { content: 'I am calm and steady.', category: 'Calm & Relaxation', ...body },
  });
  expect(res.status).toBe(201);
  return res.data as { id: string; title: string; playCount: number; creatorId: string | null };
};

const creatorBody = (over: Record<string, unknown> = {}) => ({
  name: 'Nora Vale',
  bio: 'Writes about courage.',
  profilePicUrl: '',
  youtubeChannel: 'https://www.youtube.com/@noravale',
  email: uniqueEmail('creator'),
  password: 'creator password 1',
  referralCode: `nora${randomBytes(3).toString('hex')}`,
  ...over,
});
async function addCreator(over: Record<string, unknown> = {}) {
  const res = await admin.api.send('POST /api/creators', { body: creatorBody(over) });
  expect(res.status).toBe(201);
  const id = res.data.id as string;
  await eventually(async () => expect((await visitor().api.send('GET /api/creators/:id', { params: { id } })).status).toBe(200));
  return res.data as { id: string; referralCode: string; email: string };
}

describe('the library list', () => {
  test('visitors see transcripts sorted by playCount, highest first, and can filter by category', async () => {
    const low = await addTranscript({ title: `Low ${randomUUID()}`, category: 'Happiness & Positivity' });
    const high = await addTranscript({ title: `High ${randomUUID()}`, category: 'Happiness & Positivity' });
    const other = await addTranscript({ title: `Other ${randomUUID()}`, category: 'Wealth & Success' });
    await play(high.id, 3);
    await play(low.id, 1);
    await playsReach(high.id, 3);
    await playsReach(low.id, 1);

    const all = await visitor().api.send('GET /api/transcripts', {});
    expect(all.status).toBe(200);
    const counts = all.data.map((t: { playCount: number }) => t.playCount);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));

    const happy = await visitor().api.send('GET /api/transcripts', { query: { category: 'Happiness & Positivity' } });
    const ids = happy.data.map((t: { id: string }) => t.id);
    expect(ids.indexOf(high.id)).toBeLessThan(ids.indexOf(low.id));
    expect(ids).not.toContain(other.id);
    expect(happy.data.every((t: { category: string }) => t.category === 'Happiness & Positivity')).toBe(true);
  });

  test('the same generation event delivered twice counts one play', async () => {
    const t = await addTranscript({ title: `Once ${randomUUID()}` });
    const payload = {
      savedAffirmationId: randomUUID(),
      userId: randomUUID(),
      transcriptId: t.id,
      customAffirmationId: null,
      audioDurationSeconds: 60,
    };
    const before = await generationEventDeliveries();
    const event = envelopeOf(AffirmationGeneratedV1, payload);
    await system.transports[system.transports.length - 1].publish(event);
    await system.redeliver(event);
    // Both deliveries reached the consumer (handled, or absorbed as seen before)...
    await eventually(async () => expect((await generationEventDeliveries()) - before).toBe(2));
    // ...and the transcript was played once.
    expect(await currentPlays(t.id)).toBe(1);
  });

  test('an unknown category filter is refused, and a missing transcript says so', async () => {
    const bad = await visitor().api.send('GET /api/transcripts', { query: { category: 'Nonsense' } });
    expect(bad.status).toBe(400);
    const missing = await visitor().api.send('GET /api/transcripts/:id', { params: { id: randomUUID() } });
    expect(missing.status).toBe(404);
    expect(missing.data.error).toBe('Transcript not found');
    expect((await visitor().api.send('GET /api/transcripts/:id', { params: { id: 'not-a-uuid' } })).status).toBe(404);
  });

  test('an admin edits and deletes a transcript; the text is trimmed', async () => {
    const t = await addTranscript({ title: '  Padded title  ', content: '  I breathe.  ' });
    expect(t.title).toBe('Padded title');
    const edited = await admin.api.send('PUT /api/transcripts/:id', {
      params: { id: t.id },
      body: { title: 'Edited', content: 'I breathe slowly.', category: 'Health & Well-Being', creatorId: null },
    });
    expect(edited.status).toBe(200);
    expect(edited.data).toMatchObject({ title: 'Edited', content: 'I breathe slowly.', category: 'Health & Well-Being', creatorId: null });
    expect((await admin.api.send('DELETE /api/transcripts/:id', { params: { id: t.id } })).status).toBe(204);
    expect((await visitor().api.send('GET /api/transcripts/:id', { params: { id: t.id } })).status).toBe(404);
    expect((await admin.api.send('DELETE /api/transcripts/:id', { params: { id: t.id } })).status).toBe(404);
  });
});

/** A GET through the gateway with the bytes as sent (fetch would decompress them). */
function rawGet(path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const req = httpGet(`${system.url}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

describe('kept answers to public reads', () => {
  test('an admin’s edit shows on the very next read of the list and of the transcript', async () => {
    const t = await addTranscript({ title: `Kept ${randomUUID()}` });
    // Read twice, so the answers are kept.
    for (let i = 0; i < 2; i++) {
      expect((await visitor().api.send('GET /api/transcripts', {})).data.some((x: { id: string }) => x.id === t.id)).toBe(true);
      expect((await visitor().api.send('GET /api/transcripts/:id', { params: { id: t.id } })).data.title).toBe(t.title);
    }
    const edited = await admin.api.send('PUT /api/transcripts/:id', {
      params: { id: t.id },
      body: { title: 'Edited while kept', content: 'I am calm and steady.', category: 'Calm & Relaxation', creatorId: null },
    });
    expect(edited.status).toBe(200);
    expect((await visitor().api.send('GET /api/transcripts/:id', { params: { id: t.id } })).data.title).toBe('Edited while kept');
    const list = (await visitor().api.send('GET /api/transcripts', {})).data as { id: string; title: string }[];
    expect(list.find((x) => x.id === t.id)?.title).toBe('Edited while kept');
    expect((await admin.api.send('DELETE /api/transcripts/:id', { params: { id: t.id } })).status).toBe(204);
    expect((await visitor().api.send('GET /api/transcripts/:id', { params: { id: t.id } })).status).toBe(404);
    expect((await visitor().api.send('GET /api/transcripts', {})).data.some((x: { id: string }) => x.id === t.id)).toBe(false);
  });

  test('an ETag answers 304 while the answer is the same, and 200 with a new tag after a write', async () => {
    const t = await addTranscript({ title: `Tagged ${randomUUID()}` });
    const read = (headers: Record<string, string> = {}) =>
      visitor().api.send('GET /api/transcripts/:id', { params: { id: t.id } }, { headers });
    const first = await read();
    expect(first.status).toBe(200);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[^"]+"$/);
    expect(first.headers.get('cache-control')).toBe('no-cache');
    // By hand: fetch would hide a body sent with a 304.
    const again = await rawGet(`/api/transcripts/${t.id}`, { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    await admin.api.send('PUT /api/transcripts/:id', {
      params: { id: t.id },
      body: { title: 'Tag changed', content: 'I am calm and steady.', category: 'Calm & Relaxation', creatorId: null },
    });
    const changed = await read({ 'if-none-match': etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    expect(changed.data.title).toBe('Tag changed');
  });

  test('brotli and gzip answers decode to the same bytes as the plain one', async () => {
    for (let i = 0; i < 3; i++) await addTranscript({ title: `Long list ${i} ${randomUUID()}` });
    const plain = await rawGet('/api/transcripts');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    const br = await rawGet('/api/transcripts', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['content-type']).toMatch(/^application\/json/);
    expect(br.body.length).toBeLessThan(plain.body.length);
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    const gz = await rawGet('/api/transcripts', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).equals(plain.body)).toBe(true);
    // Refused with q=0: sent plain.
    expect((await rawGet('/api/transcripts', { 'accept-encoding': 'br;q=0, gzip;q=0' })).headers['content-encoding']).toBeUndefined();
  });

  test('the music list kept for signed-in users is never handed to a visitor', async () => {
    expect((await subscriber.api.send('GET /api/background-music', {})).status).toBe(200);
    expect((await subscriber.api.send('GET /api/background-music', {})).status).toBe(200);
    expect((await visitor().api.send('GET /api/background-music', {})).status).toBe(401);
  });

  test('a play counted from an event and a creator’s new profile reach the kept answers', async () => {
    const creator = await addCreator();
    const t = await addTranscript({ title: `Played ${randomUUID()}`, creatorId: creator.id });
    expect((await visitor().api.send('GET /api/creators/:id/analytics', { params: { id: creator.id } })).data.totalPlays).toBe(0);
    await play(t.id);
    await eventually(async () =>
      expect((await visitor().api.send('GET /api/creators/:id/analytics', { params: { id: creator.id } })).data.totalPlays).toBe(1),
    );
    await admin.api.send('PUT /api/creators/:id', {
      params: { id: creator.id },
      body: { name: 'Kept Renamed', bio: 'New bio', profilePicUrl: '', youtubeChannel: '' },
    });
    await eventually(async () =>
      expect((await visitor().api.send('GET /api/creators', {})).data.map((c: { name: string }) => c.name)).toContain('Kept Renamed'),
    );
  });
});

describe('admin writes need the admin role', () => {
  const writes: [string, string, unknown][] = [
    ['POST', '/api/transcripts', { title: 't', content: 'c', category: 'Calm & Relaxation' }],
    ['PUT', `/api/transcripts/${randomUUID()}`, { title: 't', content: 'c', category: 'Calm & Relaxation' }],
    ['DELETE', `/api/transcripts/${randomUUID()}`, undefined],
    ['POST', '/api/creators', creatorBody()],
    ['PUT', `/api/creators/${randomUUID()}`, { name: 'x' }],
    ['DELETE', `/api/creators/${randomUUID()}`, undefined],
    ['POST', '/api/background-music', { title: 't', uploadURL: 'x', duration: 300 }],
    ['DELETE', `/api/background-music/${randomUUID()}`, undefined],
    ['POST', '/api/background-music/upload', {}],
    ['POST', '/api/uploads/s3/multipart', { filename: 'a.mp3', type: 'audio/mpeg' }],
    ['GET', '/api/uploads/s3/params?filename=a.mp3&type=audio/mpeg', undefined],
  ];
  test.each(writes)('%s %s answers 401 signed out and 403 to a subscriber', async (method, path, json) => {
    expect((await visitor().request(method, path, { json })).status).toBe(401);
    expect((await subscriber.request(method, path, { json })).status).toBe(403);
  });
});

describe('validation', () => {
  test.each([
    [{ title: '   ', content: 'I am.', category: 'Calm & Relaxation' }, 'Please fill in all fields'],
    [{ title: 'T', content: '  ', category: 'Calm & Relaxation' }, 'Please fill in all fields'],
    [{ content: 'I am.', category: 'Calm & Relaxation' }, 'Please fill in all fields'],
    [{ title: 'x'.repeat(121), content: 'I am.', category: 'Calm & Relaxation' }, 'Please keep the title to 120 characters or less'],
    [{ title: 'T', content: 'x'.repeat(5001), category: 'Calm & Relaxation' }, 'Please limit the content to 5000 characters or less'],
    [{ title: 'T', content: 'I am.', category: 'Other' }, 'Please choose one of the listed categories'],
    [{ title: 'T', content: 'I am.', category: 'Calm & Relaxation', creatorId: randomUUID() }, 'Please choose a creator from the list'],
  ])('a transcript %j is refused with "%s"', async (body, message) => {
    const res = await admin.api.send('POST /api/transcripts', { invalidBody: body });
    expect(res.status).toBe(400);
    expect(res.data.error).toBe(message);
  });

  test.each([
    [{ name: '  ' }, 'Creator name is required'],
    [{ email: '' }, 'Email is required'],
    [{ email: 'nope' }, 'Enter a valid email address'],
    [{ password: '' }, 'Password is required'],
    [{ referralCode: '   ' }, 'Referral code is required'],
    [{ youtubeChannel: 'javascript:alert(1)' }, 'YouTube channel must be a web address starting with http:// or https://'],
  ])('a creator with %j is refused with "%s"', async (over, message) => {
    const res = await admin.api.send('POST /api/creators', { body: creatorBody(over) });
    expect(res.status).toBe(400);
    expect(res.data.error).toBe(message);
  });

  test('a referral code is stored lowercase without whitespace, and a taken one answers 409 with a clear message', async () => {
    const code = `Sun Rise ${randomBytes(2).toString('hex')}`;
    const first = await admin.api.send('POST /api/creators', { body: creatorBody({ referralCode: code }) });
    expect(first.status).toBe(201);
    expect(first.data.referralCode).toBe(code.toLowerCase().replace(/\s+/g, ''));
    expect(first.data).not.toHaveProperty('password');
    expect(first.data).not.toHaveProperty('passwordHash');
    const again = await admin.api.send('POST /api/creators', { body: creatorBody({ referralCode: code.toUpperCase() }) });
    expect(again.status).toBe(409);
    expect(again.data.error).toBe('This referral code is already taken. Please choose another one.');
  });

  test('a creator email used twice answers 409', async () => {
    const email = uniqueEmail('twice');
    expect((await admin.api.send('POST /api/creators', { body: creatorBody({ email }) })).status).toBe(201);
    const again = await admin.api.send('POST /api/creators', { body: creatorBody({ email }) });
    expect(again.status).toBe(409);
    expect(again.data.error).toBe('A creator with this email already exists.');
  });
});

describe('creators', () => {
  test('analytics add up a creator’s plays, count their affirmations and list the most played first', async () => {
    const creator = await addCreator();
    const a = await addTranscript({ title: 'A', creatorId: creator.id });
    const b = await addTranscript({ title: 'B', creatorId: creator.id });
    await addTranscript({ title: 'C', creatorId: creator.id });
    await play(a.id, 2);
    await play(b.id, 5);
    await playsReach(a.id, 2);
    await playsReach(b.id, 5);

    const analytics = await visitor().api.send('GET /api/creators/:id/analytics', { params: { id: creator.id } });
    expect(analytics.status).toBe(200);
    expect(analytics.data.totalPlays).toBe(7);
    expect(analytics.data.totalAffirmations).toBe(3);
    expect(analytics.data.topAffirmations.map((t: { title: string; playCount: number }) => [t.title, t.playCount])).toEqual([
      ['B', 5],
      ['A', 2],
      ['C', 0],
    ]);
    const top1 = await visitor().api.send('GET /api/creators/:id/analytics', { params: { id: creator.id }, query: { limit: '1' } });
    expect(top1.data.topAffirmations).toHaveLength(1);
    const list = await visitor().api.send('GET /api/creators/:id/transcripts', { params: { id: creator.id } });
    expect(list.data.map((t: { title: string }) => t.title)).toEqual(['B', 'A', 'C']);

    // The library's Featured Creators in one call: every creator in the list's order, each with the same figures.
    const featured = await visitor().api.send('GET /api/featured-creators', { query: { limit: '1' } });
    expect(featured.status).toBe(200);
    const creators = await visitor().api.send('GET /api/creators', {});
    expect(featured.data.map((f: { creator: { id: string } }) => f.creator.id)).toEqual(creators.data.map((c: { id: string }) => c.id));
    const mine = featured.data.find((f: { creator: { id: string } }) => f.creator.id === creator.id);
    expect(mine).toEqual({ creator: creators.data.find((c: { id: string }) => c.id === creator.id), analytics: top1.data });
  });

  test('a creator with no affirmations has zero analytics; a missing creator is "Creator not found"', async () => {
    const creator = await addCreator();
    expect((await visitor().api.send('GET /api/creators/:id/analytics', { params: { id: creator.id } })).data).toEqual({
      totalPlays: 0,
      totalAffirmations: 0,
      topAffirmations: [],
    });
    const missing = await visitor().api.send('GET /api/creators/:id', { params: { id: randomUUID() } });
    expect(missing.status).toBe(404);
    expect(missing.data.error).toBe('Creator not found');
  });

  test('the public profile carries no email or password, and an edit reaches the library', async () => {
    const creator = await addCreator();
    const profile = await visitor().api.send('GET /api/creators/:id', { params: { id: creator.id } });
    expect(Object.keys(profile.data).sort()).toEqual(['bio', 'id', 'name', 'profilePicUrl', 'youtubeChannel']);
    const edit = await admin.api.send('PUT /api/creators/:id', {
      params: { id: creator.id },
      body: { name: 'Nora Renamed', bio: 'New bio', profilePicUrl: '', youtubeChannel: '' },
    });
    expect(edit.status).toBe(200);
    await eventually(async () =>
      expect((await visitor().api.send('GET /api/creators/:id', { params: { id: creator.id } })).data.name).toBe('Nora Renamed'),
    );
  });

  test('a deleted creator disappears but their transcripts stay in the library, without a creator', async () => {
    const creator = await addCreator();
    const t = await addTranscript({ title: `Kept ${randomUUID()}`, creatorId: creator.id });
    expect((await admin.api.send('DELETE /api/creators/:id', { params: { id: creator.id } })).status).toBe(204);
    await eventually(async () =>
      expect((await visitor().api.send('GET /api/creators/:id', { params: { id: creator.id } })).status).toBe(404),
    );
    const kept = await eventually(async () => {
      const found = (await visitor().api.send('GET /api/transcripts', {})).data.find((x: { id: string }) => x.id === t.id);
      expect(found).toMatchObject({ creatorId: null });
      return found;
    });
    expect(kept?.title).toBe(t.title);
    // Their referral code is free again for a new creator.
    expect((await admin.api.send('POST /api/creators', { body: creatorBody({ referralCode: creator.referralCode }) })).status).toBe(201);
  });
});

describe('custom affirmations', () => {
  const internal = (client: TestClient, path: string) => {
    const token = client.cookies.get('ie_session');
    return fetch(`${system.services.library.url}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  };

  test('the owner creates one (trimmed) and only the owner can read or use it', async () => {
    const owner = new TestClient(system.url);
    await owner.signUp(uniqueEmail());
    const sessionId = newSessionId();
    const res = await owner.api.send('POST /api/custom-affirmations', {
      body: {
        sessionId,
        title: '  My words ',
        content: ' I am here. ',
        category: 'Other',
      },
    });
    expect(res.status).toBe(201);
    expect(res.data).toMatchObject({ id: expect.any(String), title: 'My words', content: 'I am here.', category: 'Other' });

    const mine = await internal(owner, `/internal/affirmation-text/custom/${res.data.id}`);
    expect(mine.status).toBe(200);
    expect(await mine.json()).toEqual({ id: res.data.id, title: 'My words', category: 'Other', content: 'I am here.' });

    const theirs = await internal(subscriber, `/internal/affirmation-text/custom/${res.data.id}`);
    expect(theirs.status).toBe(404);
    expect((await subscriber.api.send('GET /api/custom-affirmations/:id', { params: { id: res.data.id } })).status).toBe(404);
    expect((await visitor().api.send('GET /api/custom-affirmations/:id', { params: { id: res.data.id } })).status).toBe(401);

    // Someone else's sessionId cannot be used to write under it either.
    const stolen = await subscriber.api.send('POST /api/custom-affirmations', {
      body: { sessionId, title: 'x', content: 'y', category: 'Other' },
    });
    expect(stolen.status).toBe(403);
  });

  test('"My affirmations": the owner lists theirs newest first, edits and deletes them; nobody else sees, edits or deletes them', async () => {
    const owner = new TestClient(system.url);
    await owner.signUp(uniqueEmail());
    const sessionId = newSessionId();
    const write = async (title: string) => {
      const res = await owner.api.send('POST /api/custom-affirmations', {
        body: {
          sessionId,
          title,
          content: `${title}. I am here.`,
          category: 'Other',
        },
      });
      expect(res.status).toBe(201);
      return res.data as { id: string; createdAt: string };
    };
    const first = await write('First words');
    const second = await write('Second words');
    expect(first.createdAt).toEqual(expect.any(String));

    const listed = await owner.api.send('GET /api/custom-affirmations', {});
    expect(listed.status).toBe(200);
    expect(listed.data.map((a: any) => a.title)).toEqual(['Second words', 'First words']);
    expect(listed.data[1]).toEqual({ ...first, title: 'First words', content: 'First words. I am here.', category: 'Other' });
    // Another listener's list holds none of them.
    expect((await subscriber.api.send('GET /api/custom-affirmations', {})).data.map((a: any) => a.id)).not.toContain(first.id);
    expect((await visitor().api.send('GET /api/custom-affirmations', {})).status).toBe(401);

    const edited = await owner.api.send('PUT /api/custom-affirmations/:id', {
      params: { id: first.id },
      body: { title: ' Kinder words ', content: 'I am gentle with myself.', category: 'Calm & Relaxation' },
    });
    expect(edited.status).toBe(200);
    expect(edited.data).toEqual({
      id: first.id,
      title: 'Kinder words',
      content: 'I am gentle with myself.',
      category: 'Calm & Relaxation',
      createdAt: first.createdAt,
    });
    expect((await owner.api.send('GET /api/custom-affirmations/:id', { params: { id: first.id } })).data.title).toBe('Kinder words');

    // An edit follows the rules of writing it, and a refused one changes nothing.
    const tooLong = await owner.api.send('PUT /api/custom-affirmations/:id', {
      params: { id: first.id },
      body: { title: 'T', content: 'x'.repeat(2001), category: 'Other' },
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.data).toMatchObject({ error: 'Please limit your affirmation to 2000 characters or less', code: 'VALIDATION_FAILED' });
    expect((await owner.api.send('GET /api/custom-affirmations/:id', { params: { id: first.id } })).data.content).toBe(
      'I am gentle with myself.',
    );

    // Someone else's id reads as missing, for edits and deletes alike; signed out is 401.
    const theirs = await subscriber.api.send('PUT /api/custom-affirmations/:id', {
      params: { id: first.id },
      body: { title: 'Taken', content: 'Mine now.', category: 'Other' },
    });
    expect(theirs.status).toBe(404);
    expect(theirs.data).toEqual({ error: 'Affirmation not found', code: 'AFFIRMATION_NOT_FOUND' });
    expect((await subscriber.api.send('DELETE /api/custom-affirmations/:id', { params: { id: first.id } })).status).toBe(404);
    expect((await visitor().api.send('DELETE /api/custom-affirmations/:id', { params: { id: first.id } })).status).toBe(401);
    expect((await owner.api.send('DELETE /api/custom-affirmations/:id', { params: { id: 'not-an-id' } })).status).toBe(404);
    expect((await owner.api.send('GET /api/custom-affirmations/:id', { params: { id: first.id } })).data.title).toBe('Kinder words');

    expect((await owner.api.send('DELETE /api/custom-affirmations/:id', { params: { id: first.id } })).status).toBe(204);
    expect((await owner.api.send('GET /api/custom-affirmations/:id', { params: { id: first.id } })).status).toBe(404);
    expect((await owner.api.send('GET /api/custom-affirmations', {})).data.map((a: any) => a.id)).toEqual([second.id]);
    expect((await owner.api.send('DELETE /api/custom-affirmations/:id', { params: { id: first.id } })).status).toBe(404);
  });

  test.each([
    [{ title: ' ', content: 'I am.' }, 'Please fill in all fields'],
    [{ title: 'T', content: '' }, 'Please fill in all fields'],
    [{ title: 'T', content: 'x'.repeat(2001) }, 'Please limit your affirmation to 2000 characters or less'],
    [{ title: 'T', content: 'I am.', category: 'Sports' }, 'Please choose one of the listed categories'],
  ])('%j is refused with "%s"', async (over, message) => {
    const res = await subscriber.api.send('POST /api/custom-affirmations', {
      invalidBody: {
        sessionId: newSessionId(),
        category: 'Calm & Relaxation',
        ...over,
      },
    });
    expect(res.status).toBe(400);
    expect(res.data.error).toBe(message);
  });

  test('signed out, a custom affirmation cannot be created', async () => {
    expect(
      (
        await visitor().api.send('POST /api/custom-affirmations', {
          body: { sessionId: newSessionId(), title: 'T', content: 'c', category: 'Other' },
        })
      ).status,
    ).toBe(401);
  });

  test('the internal transcript text answers for a library transcript and 404 for a missing one', async () => {
    const t = await addTranscript({ title: 'Internal' });
    const found = await internal(subscriber, `/internal/affirmation-text/transcript/${t.id}`);
    expect(await found.json()).toEqual({ id: t.id, title: 'Internal', category: 'Calm & Relaxation', content: 'I am calm and steady.' });
    expect((await internal(subscriber, `/internal/affirmation-text/transcript/${randomUUID()}`)).status).toBe(404);
  });
});

describe('background music uploads', () => {
  /** The signed address of one part of a multipart upload, as Uppy asks for it. */
  const signPart = (uploadId: string, key: string, n: number) =>
    admin.api.send('GET /api/uploads/s3/multipart/:uploadId/:partNumber', { params: { uploadId, partNumber: String(n) }, query: { key } });

  test('an interrupted multipart upload resumes from the listed parts, completes, and the track keeps its measured duration', async () => {
    // Uppy also sends its metadata, which the declaration tolerates.
    const uppyStart = { filename: 'Calm Tone.mp3', type: 'audio/mpeg', metadata: {} };
    const created = await admin.api.send('POST /api/uploads/s3/multipart', { body: uppyStart });
    expect(created.status).toBe(200);
    const { uploadId, key } = created.data;
    const upload = { params: { uploadId }, query: { key } };
    const half = Math.floor(mp3.length / 2);
    const sendPart = async (n: number, bytes: Buffer) => {
      const signed = await signPart(uploadId, key, n);
      expect(signed.status).toBe(200);
      const put = await fetch(new URL(signed.data.url, system.url), { method: 'PUT', body: bytes });
      expect(put.status).toBe(200);
      return put.headers.get('etag')!;
    };
    await sendPart(1, mp3.subarray(0, half));

    // The browser was closed; the uploader asks what is already there and sends only the rest.
    const listed = await admin.api.send('GET /api/uploads/s3/multipart/:uploadId', upload);
    expect(listed.data).toEqual([{ PartNumber: 1, Size: half, ETag: expect.any(String) }]);
    const etag2 = await sendPart(2, mp3.subarray(half));
    const done = await admin.api.send('POST /api/uploads/s3/multipart/:uploadId/complete', {
      ...upload,
      body: {
        parts: [
          { PartNumber: 1, ETag: listed.data[0].ETag },
          { PartNumber: 2, ETag: etag2 },
        ],
      },
    });
    expect(done.status).toBe(200);

    const saved = await admin.api.send('POST /api/background-music', {
      body: { title: '  Calm Tone ', uploadURL: done.data.location, duration: 300 },
    });
    expect(saved.status).toBe(201);
    expect(saved.data).toEqual({ id: expect.any(String), title: 'Calm Tone', duration: 20 });
    const list = await subscriber.api.send('GET /api/background-music', {});
    expect(list.data).toContainEqual(saved.data);

    const token = subscriber.cookies.get('ie_session')!;
    const meta = await fetch(`${system.services.library.url}/internal/background-music/${saved.data.id}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const track = (await meta.json()) as { decodedFrames: number; loudness: number };
    expect(track).toEqual({
      id: saved.data.id,
      title: 'Calm Tone',
      durationSeconds: 20,
      contentType: 'audio/mpeg',
      decodedFrames: expect.any(Number),
      loudness: expect.any(Number),
    });
    // Measured when added, for the generation to mix it while it decodes: its length as decoded
    // (20 s, plus at most the decoder's priming and the last frame) and its audible level.
    expect(track.decodedFrames).toBeGreaterThanOrEqual(20 * 44100);
    expect(track.decodedFrames).toBeLessThanOrEqual(20 * 44100 + 1105 + 1152);
    expect(track.loudness).toBeGreaterThan(0.01);
    expect(track.loudness).toBeLessThan(1);
    const audio = await fetch(`${system.services.library.url}/internal/background-music/${saved.data.id}/audio`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(Buffer.from(await audio.arrayBuffer()).equals(mp3)).toBe(true);

    // Decoded once on upload: the render reads its PCM (16-bit stereo, every frame measured), cut to the frames it asks for.
    const pcmOf = async (frames?: number) =>
      Buffer.from(
        await (
          await fetch(`${system.services.library.url}/internal/background-music/${saved.data.id}/pcm${frames ? `?frames=${frames}` : ''}`, {
            headers: { authorization: `Bearer ${token}` },
          })
        ).arrayBuffer(),
      );
    const pcm = await pcmOf();
    expect(pcm.length).toBe(track.decodedFrames * 4);
    expect((await pcmOf(44100)).equals(pcm.subarray(0, 44100 * 4))).toBe(true);

    // A track from before tracks were decoded on upload (a starter track on a first start) is
    // prepared in the background, to the same figures and the same PCM.
    const { db, files } = system.services.library.context;
    await db.execute(sql`update library.background_music set decoded_frames = null, loudness = null where id = ${saved.data.id}`);
    await files.delete(pcmKeyFor(saved.data.id));
    expect(await prepareUnpreparedMusic({ db, files, signal: new AbortController().signal })).toBeGreaterThanOrEqual(1);
    expect((await pcmOf()).equals(pcm)).toBe(true);
    const again = (await (
      await fetch(`${system.services.library.url}/internal/background-music/${saved.data.id}`, {
        headers: { authorization: `Bearer ${token}` },
      })
    ).json()) as typeof track;
    expect(again.decodedFrames).toBe(track.decodedFrames);
    expect(again.loudness).toBeCloseTo(track.loudness, 6);

    expect((await admin.api.send('DELETE /api/background-music/:id', { params: { id: saved.data.id } })).status).toBe(204);
    expect((await subscriber.api.send('GET /api/background-music', {})).data).not.toContainEqual(saved.data);
  });

  test('an aborted multipart upload is gone', async () => {
    const { uploadId, key } = (await admin.api.send('POST /api/uploads/s3/multipart', { body: { filename: 'x.mp3', type: 'audio/mpeg' } }))
      .data;
    const upload = { params: { uploadId }, query: { key } };
    expect((await admin.api.send('DELETE /api/uploads/s3/multipart/:uploadId', upload)).status).toBe(200);
    expect((await admin.api.send('GET /api/uploads/s3/multipart/:uploadId', upload)).status).toBe(404);
  });

  test('a file that is not audio is refused, by its type and by its bytes', async () => {
    const typed = await admin.api.send('POST /api/uploads/s3/multipart', { body: { filename: 'notes.txt', type: 'text/plain' } });
    expect(typed.status).toBe(400);
    expect(typed.data.error).toBe('Please choose an audio file');

    const { uploadURL } = (
      await admin.api.send('POST /api/background-music/upload', { body: { contentType: 'audio/mpeg', filename: 'fake.mp3' } })
    ).data;
    const put = await admin.request('PUT', uploadURL, {
      body: Buffer.from('this is plain text pretending to be music'.repeat(100)),
      headers: { 'content-type': 'audio/mpeg' },
    });
    expect(put.status).toBe(200);
    const saved = await admin.api.send('POST /api/background-music', { body: { title: 'Fake', uploadURL, duration: 300 } });
    expect(saved.status).toBe(400);
    expect(saved.data.error).toBe('This file is not an audio file we can play');
  });

  test('a file that holds more than an hour of music is refused as too long before it is decoded, and its upload removed', async () => {
    const bomb = await silentFlac(4 * 3600);
    const { uploadURL, key } = (
      await admin.api.send('POST /api/background-music/upload', { body: { contentType: 'audio/flac', filename: 'calm.flac' } })
    ).data;
    const put = await admin.request('PUT', uploadURL, { body: bomb, headers: { 'content-type': 'audio/flac' } });
    expect(put.status).toBe(200);
    const saved = await admin.api.send('POST /api/background-music', { body: { title: 'Four Silent Hours', uploadURL, duration: 300 } });
    expect({ status: saved.status, body: saved.data }).toEqual({
      status: 400,
      body: { code: 'MUSIC_TOO_LONG', error: 'The music must be 60 minutes or shorter' },
    });
    expect(await system.services.library.context.files.stat(key)).toBeNull();
    expect((await admin.api.send('GET /api/background-music', {})).data.map((t: { title: string }) => t.title)).not.toContain(
      'Four Silent Hours',
    );
  });

  test('music that is near-silent for more than 5 seconds (a 59-minute silent FLAC) is refused as MUSIC_SILENT, leaving nothing behind', async () => {
    const { files } = system.services.library.context;
    const before = { pcm: await files.usedBytes('music-pcm/'), files: await files.usedBytes('music/') };
    const silent = await silentFlac(59 * 60);
    const { uploadURL, key } = (
      await admin.api.send('POST /api/background-music/upload', { body: { contentType: 'audio/flac', filename: 'quiet.flac' } })
    ).data;
    expect((await admin.request('PUT', uploadURL, { body: silent, headers: { 'content-type': 'audio/flac' } })).status).toBe(200);
    const saved = await admin.api.send('POST /api/background-music', { body: { title: 'Silent Hour', uploadURL, duration: 300 } });
    expect({ status: saved.status, body: saved.data }).toEqual({
      status: 400,
      body: {
        code: 'MUSIC_SILENT',
        error: 'This track is silent or nearly silent for more than 5 seconds. Please upload music that plays throughout',
      },
    });
    expect(await files.stat(key)).toBeNull();
    expect({ pcm: await files.usedBytes('music-pcm/'), files: await files.usedBytes('music/') }).toEqual(before);
    expect((await admin.api.send('GET /api/background-music', {})).data.map((t: { title: string }) => t.title)).not.toContain(
      'Silent Hour',
    );
  });

  test('an upload over 50 MB is refused, whole or in parts', async () => {
    const { uploadURL } = (await admin.api.send('POST /api/background-music/upload', { body: { contentType: 'audio/mpeg' } })).data;
    const tooBig = Buffer.alloc(52_428_801);
    const put = await admin.request('PUT', uploadURL, { body: tooBig, headers: { 'content-type': 'audio/mpeg' } });
    expect(put.status).toBe(413);

    const { uploadId, key } = (
      await admin.api.send('POST /api/uploads/s3/multipart', { body: { filename: 'big.mp3', type: 'audio/mpeg' } })
    ).data;
    const parts = [];
    for (const n of [1, 2]) {
      const signed = await signPart(uploadId, key, n);
      const res = await fetch(new URL(signed.data.url, system.url), { method: 'PUT', body: Buffer.alloc(26_214_401) });
      expect(res.status).toBe(200);
      parts.push({ PartNumber: n, ETag: res.headers.get('etag')! });
    }
    const done = await admin.api.send('POST /api/uploads/s3/multipart/:uploadId/complete', {
      params: { uploadId },
      query: { key },
      body: { parts },
    });
    expect(done.status).toBe(413);
    expect(done.data.error).toBe('The music file must be 50 MB or smaller');
    const saved = await admin.api.send('POST /api/background-music', { body: { title: 'Big', uploadURL: key, duration: 300 } });
    expect(saved.status).toBe(400);
  });

  test('music needs a title and an uploaded file, and a key that is not ours is refused', async () => {
    expect((await admin.api.send('POST /api/background-music', { body: { title: ' ', uploadURL: 'x', duration: 300 } })).data.error).toBe(
      'Missing information',
    );
    expect((await admin.api.send('POST /api/background-music', { invalidBody: { title: 'T', duration: 300 } })).data.error).toBe(
      'Missing information',
    );
    const foreign = await admin.api.send('POST /api/background-music', {
      body: {
        title: 'T',
        uploadURL: '/api/files/voice/samples/x.webm',
        duration: 300,
      },
    });
    expect(foreign.status).toBe(400);
    const badKey = await admin.api.send('GET /api/uploads/s3/multipart/:uploadId', {
      params: { uploadId: 'abc' },
      query: { key: '../../etc/passwd' },
    });
    expect(badKey.status).toBe(400);
  });

  test('signed out, the music list is refused', async () => {
    expect((await visitor().api.send('GET /api/background-music', {})).status).toBe(401);
  });
});
