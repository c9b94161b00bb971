import { randomUUID } from 'node:crypto';
import { AffirmationSessionGeneratedV1, COLLECTION_MAX_TEXTS, collectionSessionPath, type EndpointRequest } from '@innerecho/contracts';
import { eventually, FakeStripe, startTestSystem, stripeEnv, TestClient, uniqueEmail, type TestSystem } from '@innerecho/embedded';
import { StripeDriver } from './support/referral-fixtures';

jest.setTimeout(180_000);

let fake: FakeStripe;
let system: TestSystem;
let stripe: StripeDriver;
let admin: TestClient;
beforeAll(async () => {
  fake = await FakeStripe.start();
  system = await startTestSystem({ env: { ...process.env, ...stripeEnv(fake), STARTER_CONTENT: 'off' } });
  stripe = new StripeDriver(system, fake);
  admin = new TestClient(system.url);
  expect((await admin.api.send('POST /api/login', { body: system.admin })).status).toBe(200);
});
afterAll(async () => {
  await system?.stop();
  await fake?.stop();
});

const client = () => new TestClient(system.url);
const PASSWORD = 'a creator password';

/** A creator made by the admin (so the library knows their public profile), signed in. */
async function newCreator() {
  const email = uniqueEmail('collector');
  const referralCode = `col${randomUUID().slice(0, 8)}`;
  const made = await admin.api.send('POST /api/creators', {
    body: { name: `Creator ${referralCode}`, email, password: PASSWORD, referralCode },
  });
  expect(made.status).toBe(201);
  await eventually(async () =>
    expect((await client().api.send('GET /api/creators/:id', { params: { id: made.data.id } })).status).toBe(200),
  );
  const signedIn = client();
  expect((await signedIn.api.send('POST /api/creator-auth/login', { body: { email, password: PASSWORD } })).status).toBe(200);
  return { id: made.data.id as string, referralCode, client: signedIn };
}

/** A library affirmation the admin attributes to a creator (one they can pick). */
const featureTranscript = (creatorId: string, title: string) =>
  admin.api.send('POST /api/transcripts', {
    body: { title, content: `${title}: I breathe in calm.`, category: 'Calm & Relaxation', creatorId },
  });

type CollectionBody = EndpointRequest<'POST /api/creator-collections'>['body'];
const newText = (title: string) => ({ kind: 'new' as const, title, content: `${title}: I am steady and kind to myself.` });
/** A collection's body; its items may be taken from an answer as they are, to send them back. */
const collection = (items: readonly unknown[], overrides: Partial<CollectionBody> = {}): CollectionBody => ({
  title: 'Morning routine',
  description: 'Five minutes to start the day steady.',
  category: 'Calm & Relaxation',
  coverColour: 'dawn',
  items: items as CollectionBody['items'],
  ...overrides,
});

async function listener() {
  const c = client();
  await c.signUp(uniqueEmail('collection-listener'));
  return c;
}

const published = async (creatorId: string) =>
  (await client().api.send('GET /api/creators/:id/collections', { params: { id: creatorId } })).data as any[];

describe('a creator writes, orders and submits their own collections', () => {
  test('the owner creates, reorders and submits; the texts keep their ids across edits', async () => {
    const creator = await newCreator();
    const made = await creator.client.api.send('POST /api/creator-collections', {
      body: collection([newText('One'), newText('Two'), newText('Three')]),
    });
    expect(made.status).toBe(201);
    expect(made.data).toMatchObject({ status: 'draft', published: false, sharePath: null, returnReason: null });
    const [one, two, three] = made.data.items;
    expect(one).toMatchObject({ kind: 'new', title: 'One' });

    // Reordered: the same texts (by their ids) in a new order, with one rewritten.
    const reordered = await creator.client.api.send('PUT /api/creator-collections/:id', {
      params: { id: made.data.id },
      body: collection([
        { ...three, kind: 'new' },
        { kind: 'new', transcriptId: one.transcriptId, title: 'One, rewritten', content: one.content },
        { ...two, kind: 'new' },
      ]),
    });
    expect(reordered.status).toBe(200);
    expect(reordered.data.items.map((i: any) => i.transcriptId)).toEqual([three.transcriptId, one.transcriptId, two.transcriptId]);
    expect(reordered.data.items[1].title).toBe('One, rewritten');

    const submitted = await creator.client.api.send('POST /api/creator-collections/:id/submit', { params: { id: made.data.id } });
    expect(submitted.status).toBe(200);
    expect(submitted.data.status).toBe('submitted');
    expect((await creator.client.api.send('POST /api/creator-collections/:id/submit', { params: { id: made.data.id } })).status).toBe(400);
    const mine = (await creator.client.api.send('GET /api/creator-collections', {})).data;
    expect(mine.map((c: any) => c.id)).toEqual([made.data.id]);
  });

  test('another creator gets 404 for it, a listener 403 and a visitor 401; it stays unchanged', async () => {
    const owner = await newCreator();
    const other = await newCreator();
    const made = await owner.client.api.send('POST /api/creator-collections', { body: collection([newText('A'), newText('B')]) });
    const path = `/api/creator-collections/${made.data.id}`;

    expect((await other.client.request('PUT', path, { json: collection([newText('Mine now'), newText('B')]) })).status).toBe(404);
    expect((await other.client.postJson(`${path}/submit`, {})).status).toBe(404);
    expect((await other.client.request('DELETE', path)).status).toBe(404);
    expect((await other.client.api.send('GET /api/creator-collections', {})).data).toEqual([]);

    const someListener = await listener();
    expect((await someListener.api.send('GET /api/creator-collections', {})).status).toBe(403);
    expect((await someListener.api.send('POST /api/creator-collections', { body: collection([newText('A'), newText('B')]) })).status).toBe(
      403,
    );
    expect((await someListener.request('PUT', path, { json: collection([newText('A'), newText('B')]) })).status).toBe(403);
    expect((await someListener.postJson(`${path}/submit`, {})).status).toBe(403);
    expect((await client().api.send('GET /api/creator-collections', {})).status).toBe(401);
    // An admin reviews collections but does not write them.
    expect((await admin.api.send('POST /api/creator-collections', { body: collection([newText('A'), newText('B')]) })).status).toBe(403);

    const mine = (await owner.client.api.send('GET /api/creator-collections', {})).data;
    expect(mine[0]).toMatchObject({ id: made.data.id, status: 'draft', title: 'Morning routine' });
  });

  test('input is validated and bounded', async () => {
    const creator = await newCreator();
    const post = (body: unknown) => creator.client.api.send('POST /api/creator-collections', { invalidBody: body });
    const tooMany = Array.from({ length: COLLECTION_MAX_TEXTS + 1 }, (_, i) => newText(`T${i}`));
    expect((await post(collection(tooMany))).data.error).toBe(`A collection holds at most ${COLLECTION_MAX_TEXTS} affirmations`);
    expect((await post(collection([]))).data.error).toBe('Add at least one affirmation');
    expect((await post(collection([newText('A')], { title: '   ' }))).data.error).toBe('Please give the collection a title');
    expect((await post({ ...collection([newText('A')]), coverColour: 'chartreuse' })).data.error).toBe(
      'Please choose one of the cover colours',
    );
    expect((await post({ ...collection([newText('A')]), category: 'Other' })).status).toBe(400);
    expect((await post(collection([{ kind: 'new', title: 'A', content: 'x'.repeat(5001) }]))).status).toBe(400);
    expect((await post(collection([{ kind: 'new', title: 'A\u0000', content: 'x' }]))).status).toBe(400);
    const id = randomUUID();
    expect(
      (
        await post(
          collection([
            { kind: 'pick', transcriptId: id },
            { kind: 'pick', transcriptId: id },
          ]),
        )
      ).data.error,
    ).toBe('Each affirmation can be in the collection only once');
    // A draft of one affirmation is kept, but a session needs two: it cannot be submitted yet.
    const single = await post(collection([newText('Alone')]));
    expect(single.status).toBe(201);
    const refused = await creator.client.api.send('POST /api/creator-collections/:id/submit', { params: { id: single.data.id } });
    expect(refused.status).toBe(400);
    expect(refused.data.error).toBe('Add at least 2 affirmations before submitting');
  });
});

describe('an admin reviews collections', () => {
  test('a returned collection shows its reason; edited and resubmitted, it is approved and published in order', async () => {
    const creator = await newCreator();
    // One of the creator's library affirmations, featured by the admin, to pick.
    const featured = await featureTranscript(creator.id, 'Featured calm');
    expect(featured.status).toBe(201);
    const made = await creator.client.api.send('POST /api/creator-collections', {
      body: collection([newText('First'), { kind: 'pick', transcriptId: featured.data.id }]),
    });
    await creator.client.api.send('POST /api/creator-collections/:id/submit', { params: { id: made.data.id } });

    const queue = (await admin.api.send('GET /api/collection-reviews', {})).data as any[];
    expect(queue.find((c) => c.id === made.data.id)).toMatchObject({ creatorName: `Creator ${creator.referralCode}`, status: 'submitted' });
    const someListener = await listener();
    expect((await someListener.api.send('GET /api/collection-reviews', {})).status).toBe(403);
    expect((await someListener.api.send('POST /api/collection-reviews/:id/approve', { params: { id: made.data.id } })).status).toBe(403);
    expect((await creator.client.api.send('POST /api/collection-reviews/:id/approve', { params: { id: made.data.id } })).status).toBe(403);

    expect(
      (await admin.api.send('POST /api/collection-reviews/:id/return', { params: { id: made.data.id }, invalidBody: {} })).data.error,
    ).toBe('Please say why the collection is returned');
    const returned = await admin.api.send('POST /api/collection-reviews/:id/return', {
      params: { id: made.data.id },
      body: { reason: 'Please add an evening text.' },
    });
    expect(returned.data).toMatchObject({ status: 'returned', returnReason: 'Please add an evening text.' });
    expect((await admin.api.send('POST /api/collection-reviews/:id/approve', { params: { id: made.data.id } })).status).toBe(400);
    const seen = (await creator.client.api.send('GET /api/creator-collections', {})).data[0];
    expect(seen).toMatchObject({ status: 'returned', returnReason: 'Please add an evening text.' });
    expect(await published(creator.id)).toEqual([]);

    const [first, pick] = seen.items;
    const edited = await creator.client.api.send('PUT /api/creator-collections/:id', {
      params: { id: made.data.id },
      body: collection([{ kind: 'pick', transcriptId: pick.transcriptId }, { ...first, kind: 'new' }, newText('Evening')]),
    });
    expect(edited.data).toMatchObject({ status: 'draft', returnReason: null });
    await creator.client.api.send('POST /api/creator-collections/:id/submit', { params: { id: made.data.id } });
    const approved = await admin.api.send('POST /api/collection-reviews/:id/approve', { params: { id: made.data.id } });
    expect(approved.data).toMatchObject({
      status: 'approved',
      published: true,
      sharePath: `/collections/${made.data.id}?ref=${creator.referralCode}`,
    });

    const order = edited.data.items.map((i: any) => i.transcriptId);
    const shown = await eventually(async () => {
      const detail = await client().api.send('GET /api/collections/:id', { params: { id: made.data.id } });
      expect(detail.status).toBe(200);
      return detail.data;
    });
    expect(shown.transcriptIds).toEqual(order);
    expect(shown.transcripts.map((t: any) => t.title)).toEqual(['Featured calm', 'First', 'Evening']);
    expect(shown.transcripts.every((t: any) => t.creatorId === creator.id)).toBe(true);
    expect(collectionSessionPath(shown)).toBe(`/sessions/new?transcripts=${order.join(',')}&collection=${made.data.id}`);
    expect((await client().api.send('GET /api/collections', {})).data.map((c: any) => c.id)).toContain(made.data.id);
    // The new texts are the creator's affirmations in the library now.
    expect(
      (await client().api.send('GET /api/creators/:id/transcripts', { params: { id: creator.id } })).data.map((t: any) => t.title).sort(),
    ).toEqual(['Evening', 'Featured calm', 'First']);
  });

  test('only approved collections are listed publicly; an approved one stays published while its next version is edited, and goes when deleted', async () => {
    const creator = await newCreator();
    const draft = await creator.client.api.send('POST /api/creator-collections', {
      body: collection([newText('D1'), newText('D2')], { title: 'Draft' }),
    });
    const waiting = await creator.client.api.send('POST /api/creator-collections', {
      body: collection([newText('W1'), newText('W2')], { title: 'Waiting' }),
    });
    await creator.client.api.send('POST /api/creator-collections/:id/submit', { params: { id: waiting.data.id } });
    const live = await creator.client.api.send('POST /api/creator-collections', {
      body: collection([newText('L1'), newText('L2')], { title: 'Live' }),
    });
    await creator.client.api.send('POST /api/creator-collections/:id/submit', { params: { id: live.data.id } });
    await admin.api.send('POST /api/collection-reviews/:id/approve', { params: { id: live.data.id } });

    await eventually(async () => expect((await published(creator.id)).map((c) => c.title)).toEqual(['Live']));
    const everything = (await client().api.send('GET /api/collections', {})).data.map((c: any) => c.id);
    expect(everything).toContain(live.data.id);
    expect(everything).not.toContain(draft.data.id);
    expect(everything).not.toContain(waiting.data.id);
    expect((await client().api.send('GET /api/collections/:id', { params: { id: draft.data.id } })).status).toBe(404);
    expect((await client().api.send('GET /api/collections/:id', { params: { id: waiting.data.id } })).status).toBe(404);

    // A new version in the works: the approved one stays in the library meanwhile.
    await creator.client.api.send('PUT /api/creator-collections/:id', {
      params: { id: live.data.id },
      body: collection([...live.data.items.map((i: any) => ({ ...i, kind: 'new' })), newText('L3')], { title: 'Live, longer' }),
    });
    expect((await published(creator.id)).map((c) => c.title)).toEqual(['Live']);

    expect((await creator.client.api.send('DELETE /api/creator-collections/:id', { params: { id: live.data.id } })).status).toBe(204);
    await eventually(async () => expect(await published(creator.id)).toEqual([]));
    expect((await client().api.send('GET /api/collections/:id', { params: { id: live.data.id } })).status).toBe(404);
    // Its affirmations stay in the library.
    expect(
      (await client().api.send('GET /api/creators/:id/transcripts', { params: { id: creator.id } })).data.map((t: any) => t.title).sort(),
    ).toEqual(['L1', 'L2']);
  });

  test("a pick of another creator's affirmation is not published with the collection", async () => {
    const creator = await newCreator();
    const other = await newCreator();
    const theirs = await featureTranscript(other.id, 'Not yours');
    const made = await creator.client.api.send('POST /api/creator-collections', {
      body: collection([newText('Mine 1'), { kind: 'pick', transcriptId: theirs.data.id }, newText('Mine 2')]),
    });
    await creator.client.api.send('POST /api/creator-collections/:id/submit', { params: { id: made.data.id } });
    await admin.api.send('POST /api/collection-reviews/:id/approve', { params: { id: made.data.id } });
    const shown = await eventually(async () => {
      const [one] = await published(creator.id);
      expect(one).toBeDefined();
      return one;
    });
    expect(shown.transcriptIds).not.toContain(theirs.data.id);
    expect(shown.transcriptIds).toHaveLength(2);
    expect((await client().api.send('GET /api/transcripts/:id', { params: { id: theirs.data.id } })).data.creatorId).toBe(other.id);
  });
});

async function publishedCollectionOf(creator: Awaited<ReturnType<typeof newCreator>>) {
  const made = await creator.client.api.send('POST /api/creator-collections', {
    body: collection([newText('S1'), newText('S2'), newText('S3')]),
  });
  await creator.client.api.send('POST /api/creator-collections/:id/submit', { params: { id: made.data.id } });
  const approved = await admin.api.send('POST /api/collection-reviews/:id/approve', { params: { id: made.data.id } });
  const shown = await eventually(async () => {
    const detail = await client().api.send('GET /api/collections/:id', { params: { id: made.data.id } });
    expect(detail.status).toBe(200);
    return detail.data;
  });
  return { sharePath: approved.data.sharePath as string, shown };
}

describe('collection links and figures', () => {
  test("a visitor arriving through a collection's link is attributed to its creator exactly as through the referral link", async () => {
    const creator = await newCreator();
    const { sharePath } = await publishedCollectionOf(creator);
    const code = new URL(sharePath, system.url).searchParams.get('ref')!;
    expect(code).toBe(creator.referralCode);

    // The same calls the app makes for any ?ref= it arrives with: validate, count the click, check out with the code.
    expect((await client().api.send('GET /api/referrals/validate/:code', { params: { code } })).data).toEqual({ valid: true });
    expect((await client().api.send('POST /api/referrals/click', { body: { referralCode: code } })).data).toEqual({ recorded: true });
    await stripe.subscribe({ plan: 'monthly', referralCode: code });
    const throughCollection = await eventually(async () => {
      const figures = (await creator.client.api.send('GET /api/creator-analytics/:creatorId', { params: { creatorId: creator.id } })).data;
      expect(figures.totalSignups).toBe(1);
      return figures;
    });
    // The referral link itself adds a second, identical signup.
    await stripe.subscribe({ plan: 'monthly', referralCode: creator.referralCode });
    await eventually(async () => {
      const figures = (await creator.client.api.send('GET /api/creator-analytics/:creatorId', { params: { creatorId: creator.id } })).data;
      expect(figures.totalSignups).toBe(throughCollection.totalSignups + 1);
      expect(figures.activeSubscribers).toBe(2);
    });
  });

  test('a session made from a collection counts once for it, and a play for each of its affirmations, even when delivered twice', async () => {
    const creator = await newCreator();
    const { shown } = await publishedCollectionOf(creator);
    expect(shown).toMatchObject({ playCount: 0, sessionCount: 0 });
    const event = {
      id: randomUUID(),
      subject: AffirmationSessionGeneratedV1.subject,
      occurredAt: new Date().toISOString(),
      producer: 'generation',
      payload: AffirmationSessionGeneratedV1.schema.parse({
        savedAffirmationId: randomUUID(),
        userId: randomUUID(),
        collectionId: shown.id,
        transcriptIds: shown.transcriptIds,
        audioDurationSeconds: 600,
      }),
    };
    const transport = system.transports[system.transports.length - 1];
    await transport.publish(event);
    await transport.publish(event);
    const [figures] = await eventually(async () => {
      const rows = await published(creator.id);
      expect(rows[0].sessionCount).toBe(1);
      return rows;
    });
    expect(figures.playCount).toBe(3);
    expect((await client().api.send('GET /api/creators/:id/analytics', { params: { id: creator.id } })).data.totalPlays).toBe(3);
    // A session of the same texts not made from the collection plays them, but is not one of its sessions.
    await transport.publish({
      ...event,
      id: randomUUID(),
      payload: { ...event.payload, collectionId: null, savedAffirmationId: randomUUID() },
    });
    await eventually(async () => expect((await published(creator.id))[0]).toMatchObject({ sessionCount: 1, playCount: 6 }));
  });

  test("a newly approved collection counts only plays after it was published, not its affirmations' earlier ones", async () => {
    const creator = await newCreator();
    const featured = await featureTranscript(creator.id, `Played before ${randomUUID().slice(0, 6)}`);
    const transport = system.transports[system.transports.length - 1];
    const sessionOf = (transcriptIds: string[], collectionId: string | null) => ({
      id: randomUUID(),
      subject: AffirmationSessionGeneratedV1.subject,
      occurredAt: new Date().toISOString(),
      producer: 'generation',
      payload: AffirmationSessionGeneratedV1.schema.parse({
        savedAffirmationId: randomUUID(),
        userId: randomUUID(),
        collectionId,
        transcriptIds,
        audioDurationSeconds: 300,
      }),
    });
    // Two plays of the affirmation while it is in no collection.
    await transport.publish(sessionOf([featured.data.id], null));
    await transport.publish(sessionOf([featured.data.id], null));
    const playsOfFeatured = async () =>
      (await client().api.send('GET /api/transcripts/:id', { params: { id: featured.data.id } })).data.playCount;
    await eventually(async () => expect(await playsOfFeatured()).toBe(2));

    const made = await creator.client.api.send('POST /api/creator-collections', {
      body: collection([{ kind: 'pick', transcriptId: featured.data.id }, newText('After 1'), newText('After 2')]),
    });
    await creator.client.api.send('POST /api/creator-collections/:id/submit', { params: { id: made.data.id } });
    expect((await admin.api.send('POST /api/collection-reviews/:id/approve', { params: { id: made.data.id } })).status).toBe(200);
    const shown = await eventually(async () => {
      const detail = await client().api.send('GET /api/collections/:id', { params: { id: made.data.id } });
      expect(detail.status).toBe(200);
      return detail.data;
    });
    expect(shown.transcriptIds).toContain(featured.data.id);
    expect(shown).toMatchObject({ playCount: 0, sessionCount: 0 });

    // A play after publication counts for the collection, whether or not the session was made from it.
    await transport.publish(sessionOf([featured.data.id], null));
    await eventually(async () => expect(await playsOfFeatured()).toBe(3));
    expect((await published(creator.id))[0]).toMatchObject({ id: made.data.id, playCount: 1, sessionCount: 0 });
  });
});
