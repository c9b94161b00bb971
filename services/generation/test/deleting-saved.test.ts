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
  expect((await savedList(client, sessionId)).status).toBe(200);
  return { client, user, sessionId };
}

const savedList = (client: TestClient, sessionId: string) =>
  client.api.send('GET /api/saved-affirmations/:sessionId', { params: { sessionId } });
/** Deletes a saved affirmation; a null client is signed out. */
const deleteSaved = (client: TestClient | null, sessionId: string, id: string) =>
  (client ?? new TestClient(system.url)).api.send('DELETE /api/saved-affirmations/:sessionId/:id', { params: { sessionId, id } });
const savedAudio = (l: Listener, id: string) =>
  l.client.api.send('GET /api/saved-affirmations/:sessionId/:id/audio', { params: { sessionId: l.sessionId, id } });
const secondsUsed = async (l: Listener) => (await l.client.api.call('GET /api/generate-audio/allowance', {})).secondsUsed;

/** A custom affirmation of the listener with their own reading kept, ready to render without a clone. */
async function ownWords(l: Listener): Promise<string> {
  const created = await l.client.api.send('POST /api/custom-affirmations', {
    body: { sessionId: l.sessionId, title: 'Mine To Keep', content: VOICE_SAMPLE_SENTENCES.slice(0, 3).join(' '), category: 'Other' },
  });
  expect(created.status).toBe(201);
  const id = `custom-${created.data.id}`;
  const kept = await l.client.api.send('PUT /api/own-recordings/:sessionId/:affirmationId', {
    params: { sessionId: l.sessionId, affirmationId: id },
    body: { uploadURL: await uploadRecordingThroughApi(l.client, take) },
  });
  expect(kept.status === 200 ? 200 : kept.data).toBe(200);
  return id;
}

async function generated(l: Listener, customId: string): Promise<string> {
  const res = await l.client.api.send('POST /api/generate-audio', {
    body: { sessionId: l.sessionId, voiceSpeed: '1.0', audioDuration: '60', customAffirmationId: customId.slice('custom-'.length) },
  });
  expect(res.status === 201 ? 201 : res.text).toBe(201);
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
    const usedBefore = await secondsUsed(l);
    expect(usedBefore).toBe(120);

    const deleted = await deleteSaved(l.client, l.sessionId, first);
    expect(deleted.status).toBe(204);

    const list = (await savedList(l.client, l.sessionId)).data;
    expect(list.map((item) => item.id)).toEqual([second]);
    expect(await system.services.generation.context.files.stat(key)).toBeNull();
    expect((await savedAudio(l, first)).status).toBe(404);
    expect(await secondsUsed(l)).toBe(usedBefore);
    // Deleting it again finds nothing.
    const again = await deleteSaved(l.client, l.sessionId, first);
    expect(again.status).toBe(404);
    expect(again.data).toEqual({ error: 'Saved affirmation not found', code: 'SAVED_AFFIRMATION_NOT_FOUND' });
  });

  test("only the owner: another listener's id is 404 under their own session, the owner's session is 403, signed out 401, and the item stays", async () => {
    const owner = await listener();
    const stranger = await listener();
    const id = await generated(owner, await ownWords(owner));

    const theirs = await deleteSaved(stranger.client, stranger.sessionId, id);
    expect(theirs.status).toBe(404);
    expect(theirs.data?.code).toBe('SAVED_AFFIRMATION_NOT_FOUND');
    expect((await deleteSaved(stranger.client, owner.sessionId, id)).status).toBe(403);
    expect((await deleteSaved(null, owner.sessionId, id)).status).toBe(401);
    expect((await deleteSaved(owner.client, owner.sessionId, 'not-an-id')).status).toBe(404);

    const list = (await savedList(owner.client, owner.sessionId)).data;
    expect(list.map((item) => item.id)).toEqual([id]);
    expect(await system.services.generation.context.files.stat(await fileKeyOf(id))).not.toBeNull();
  });
});

describe('deleting a custom affirmation, seen from generation', () => {
  test('its own reading goes (row and WAV); audio already generated from it stays and plays', async () => {
    const l = await listener();
    const custom = await ownWords(l);
    const saved = await generated(l, custom);
    const reading = () =>
      l.client.api.call('GET /api/own-recordings/:sessionId/:affirmationId', { params: { sessionId: l.sessionId, affirmationId: custom } });
    expect(await reading()).toMatchObject({ affirmationId: custom });
    const readingRows: any = await system.services.generation.context.db.execute(
      sql`select file_key from generation.own_recordings where owner_id = ${l.user.id}`,
    );
    const readingKey: string = (readingRows.rows ?? readingRows)[0].file_key;
    expect(await system.services.generation.context.files.stat(readingKey)).not.toBeNull();

    const deleted = await l.client.api.send('DELETE /api/custom-affirmations/:id', { params: { id: custom.slice('custom-'.length) } });
    expect(deleted.status).toBe(204);

    // The library announces it; generation forgets the reading once the event is handled.
    await eventually(async () => expect(await reading()).toBeNull());
    expect(await system.services.generation.context.files.stat(readingKey)).toBeNull();
    const list = (await savedList(l.client, l.sessionId)).data;
    expect(list.map((item) => item.id)).toEqual([saved]);
    expect((await savedAudio(l, saved)).status).toBe(200);
  });
});
