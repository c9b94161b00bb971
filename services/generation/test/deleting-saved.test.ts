import { sql } from 'drizzle-orm';
import { VOICE_SAMPLE_SENTENCES } from '@innerecho/contracts';
import {
  eventually,
  startTestSystem,
  TestClient,
  uploadRecordingThroughApi,
  type TestSystem,
  spokenSample,
  signedUpSubscriber,
} from '@innerecho/embedded';

jest.setTimeout(300_000);

/**
 * Deleting what a listener made: a saved affirmation (its MP3 goes, the allowance it used stays
 * used) and a custom affirmation (its own reading goes with it, saved audio made from it stays).
 * Renders here use the listener's own reading, so no voice clone is needed.
 */
let system: TestSystem;
let take: Buffer;
beforeAll(async () => {
  [system, take] = await Promise.all([startTestSystem(), spokenSample({ sentences: 3 })]);
});
afterAll(() => system?.stop());

interface Listener {
  client: TestClient;
  user: { id: string };
  sessionId: string;
}

async function listener(): Promise<Listener> {
  const { client, user, sessionId } = await signedUpSubscriber(system, 'own');
  // Binds the sessionId to this listener, as the first read of the app does.
  expect((await client.get(`/api/saved-affirmations/${sessionId}`)).status).toBe(200);
  return { client, user, sessionId };
}

async function request(client: TestClient | null, method: string, path: string, json?: unknown) {
  const headers: Record<string, string> = {};
  if (client) headers.cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  if (json !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(system.url + path, { method, headers, body: json === undefined ? undefined : JSON.stringify(json) });
  const text = await res.text();
  let data: any;
  try {
    data = JSON.parse(text);
  } catch {
    data = undefined;
  }
  return { status: res.status, data };
}

/** A custom affirmation of the listener with their own reading kept, ready to render without a clone. */
async function ownWords(l: Listener): Promise<string> {
  const created = await l.client.postJson('/api/custom-affirmations', {
    sessionId: l.sessionId,
    title: 'Mine To Keep',
    content: VOICE_SAMPLE_SENTENCES.slice(0, 3).join(' '),
    category: 'Other',
  });
  expect(created.status).toBe(201);
  const id = `custom-${created.data.id}`;
  const kept = await request(l.client, 'PUT', `/api/own-recordings/${l.sessionId}/${id}`, {
    uploadURL: await uploadRecordingThroughApi(l.client, take),
  });
  expect(kept.status === 200 ? 200 : kept.data).toBe(200);
  return id;
}

async function generated(l: Listener, customId: string): Promise<string> {
  const res = await fetch(`${system.url}/api/generate-audio`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: [...l.client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    body: JSON.stringify({
      sessionId: l.sessionId,
      voiceSpeed: '1.0',
      audioDuration: '60',
      customAffirmationId: customId.slice('custom-'.length),
    }),
  });
  expect(res.status === 201 ? 201 : await res.text()).toBe(201);
  await res.arrayBuffer();
  return res.headers.get('x-saved-affirmation-id')!;
}

const fileKeyOf = async (id: string): Promise<string> => {
  const rows: any = await system.services.generation.context.db.execute(
    sql`select file_key from generation.saved_affirmations where id = ${id}`,
  );
  return (rows.rows ?? rows)[0].file_key;
};

describe('DELETE /api/saved-affirmations/{sessionId}/{id}', () => {
  test('the owner deletes a saved affirmation: it leaves the list, its MP3 is gone, and the seconds it used stay used', async () => {
    const l = await listener();
    const custom = await ownWords(l);
    const first = await generated(l, custom);
    const second = await generated(l, custom);
    const key = await fileKeyOf(first);
    expect(await system.services.generation.context.files.stat(key)).not.toBeNull();
    const usedBefore = (await l.client.get('/api/generate-audio/allowance')).data.secondsUsed;
    expect(usedBefore).toBe(120);

    const deleted = await request(l.client, 'DELETE', `/api/saved-affirmations/${l.sessionId}/${first}`);
    expect(deleted.status).toBe(204);

    const list = (await l.client.get(`/api/saved-affirmations/${l.sessionId}`)).data;
    expect(list.map((item: any) => item.id)).toEqual([second]);
    expect(await system.services.generation.context.files.stat(key)).toBeNull();
    expect((await request(l.client, 'GET', `/api/saved-affirmations/${l.sessionId}/${first}/audio`)).status).toBe(404);
    expect((await l.client.get('/api/generate-audio/allowance')).data.secondsUsed).toBe(usedBefore);
    // Deleting it again finds nothing.
    const again = await request(l.client, 'DELETE', `/api/saved-affirmations/${l.sessionId}/${first}`);
    expect(again.status).toBe(404);
    expect(again.data).toEqual({ error: 'Saved affirmation not found', code: 'SAVED_AFFIRMATION_NOT_FOUND' });
  });

  test("only the owner: another listener's id is 404 under their own session, the owner's session is 403, signed out 401, and the item stays", async () => {
    const owner = await listener();
    const stranger = await listener();
    const id = await generated(owner, await ownWords(owner));

    const theirs = await request(stranger.client, 'DELETE', `/api/saved-affirmations/${stranger.sessionId}/${id}`);
    expect(theirs.status).toBe(404);
    expect(theirs.data.code).toBe('SAVED_AFFIRMATION_NOT_FOUND');
    expect((await request(stranger.client, 'DELETE', `/api/saved-affirmations/${owner.sessionId}/${id}`)).status).toBe(403);
    expect((await request(null, 'DELETE', `/api/saved-affirmations/${owner.sessionId}/${id}`)).status).toBe(401);
    expect((await request(owner.client, 'DELETE', `/api/saved-affirmations/${owner.sessionId}/not-an-id`)).status).toBe(404);

    const list = (await owner.client.get(`/api/saved-affirmations/${owner.sessionId}`)).data;
    expect(list.map((item: any) => item.id)).toEqual([id]);
    expect(await system.services.generation.context.files.stat(await fileKeyOf(id))).not.toBeNull();
  });
});

describe('deleting a custom affirmation, seen from generation', () => {
  test('its own reading goes (row and WAV); audio already generated from it stays and plays', async () => {
    const l = await listener();
    const custom = await ownWords(l);
    const saved = await generated(l, custom);
    const readingPath = `/api/own-recordings/${l.sessionId}/${custom}`;
    expect((await l.client.get(readingPath)).data).toMatchObject({ affirmationId: custom });
    const readingRows: any = await system.services.generation.context.db.execute(
      sql`select file_key from generation.own_recordings where owner_id = ${l.user.id}`,
    );
    const readingKey: string = (readingRows.rows ?? readingRows)[0].file_key;
    expect(await system.services.generation.context.files.stat(readingKey)).not.toBeNull();

    const deleted = await request(l.client, 'DELETE', `/api/custom-affirmations/${custom.slice('custom-'.length)}`);
    expect(deleted.status).toBe(204);

    // The library announces it; generation forgets the reading once the event is handled.
    await eventually(async () => expect((await l.client.get(readingPath)).data).toBeNull());
    expect(await system.services.generation.context.files.stat(readingKey)).toBeNull();
    const list = (await l.client.get(`/api/saved-affirmations/${l.sessionId}`)).data;
    expect(list.map((item: any) => item.id)).toEqual([saved]);
    expect((await request(l.client, 'GET', `/api/saved-affirmations/${l.sessionId}/${saved}/audio`)).status).toBe(200);
  });
});
