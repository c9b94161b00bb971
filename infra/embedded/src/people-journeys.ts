import { randomBytes } from 'node:crypto';
import { createCreatorThroughAdmin, signedInAdmin, cloneVoiceThroughApi, subscribeThroughDemoCheckout, commissionsOf } from './journeys';
import { eventually, newSessionId, TestClient, uniqueEmail } from './test-client';
import { spokenSample } from './test-support/voice-samples';

/** One step of a person's journey and how long it took. */
export interface JourneyStep {
  person: 'visitor' | 'listener without a plan' | 'subscriber' | 'creator' | 'admin';
  what: string;
  ms: number;
}

export interface PeopleJourneyOptions {
  /** The first admin's sign-in. */
  admin: { email: string; password: string };
  /** A recording of at least 20 seconds of speech to clone (made once by the caller when it runs the journeys often). */
  sample?: Uint8Array;
  /** How long events may take to arrive (a subscription reaching identity, a commission reaching its creator). */
  eventWaitMs?: number;
}

/**
 * One journey for each kind of person who uses InnerEcho, as the browser's API calls through
 * the gateway: the admin adds an affirmation text and a creator; a visitor opens the app and
 * finds the text and the creator's link; a listener without a plan is asked for one; a
 * subscriber who came through the creator's link pays, clones their voice, renders the text
 * and finds it saved; the creator signs in and sees the commission that payment earned. Only
 * calls the API had when these journeys were written, so they run against earlier releases
 * too. Throws at the first thing a person would notice going wrong; resolves with each step's
 * duration.
 */
export async function journeysOfEveryKindOfPerson(baseUrl: string, options: PeopleJourneyOptions): Promise<JourneyStep[]> {
  const steps: JourneyStep[] = [];
  const step = async <T>(person: JourneyStep['person'], what: string, work: () => Promise<T>): Promise<T> => {
    const started = Date.now();
    try {
      return await work();
    } catch (error) {
      throw new Error(`${person}, ${what}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    } finally {
      steps.push({ person, what, ms: Date.now() - started });
    }
  };
  const waits = Math.ceil((options.eventWaitMs ?? 60_000) / 250);

  const admin = await step('admin', 'signs in', () => signedInAdmin(baseUrl, options.admin));
  const title = `Steady ${randomBytes(4).toString('hex')}`;
  const transcript = await step('admin', 'adds an affirmation text', async () => {
    const res = await admin.api.send('POST /api/transcripts', {
      body: { title, content: 'I am steady and clear.', category: 'Calm & Relaxation' },
    });
    expectStatus(res, 201);
    return res.data as { id: string };
  });
  const creator = await step('admin', 'adds a creator', () => createCreatorThroughAdmin(admin));

  const visitor = new TestClient(baseUrl);
  await step('visitor', 'opens the app', async () => {
    const res = await visitor.get('/');
    expectStatus(res, 200);
    if (!/<div id="root">|<html/i.test(res.text)) throw new Error('the app page is not HTML');
  });
  await step('visitor', 'finds the new text in the library', async () => {
    const res = await visitor.api.send('GET /api/transcripts', {});
    expectStatus(res, 200);
    if (!(res.data as { id: string }[]).some((t) => t.id === transcript.id)) throw new Error(`"${title}" is not listed`);
  });
  await step('visitor', "follows the creator's link", async () => {
    expectStatus(await visitor.api.send('GET /api/referrals/validate/:code', { params: { code: creator.referralCode } }), 200);
    expectStatus(await visitor.api.send('POST /api/referrals/click', { body: { referralCode: creator.referralCode } }), 200);
  });

  const withoutPlan = new TestClient(baseUrl);
  await step('listener without a plan', 'signs up', () => withoutPlan.signUp(uniqueEmail('journey.free')));
  await step('listener without a plan', 'is asked for a plan before generating', async () => {
    const res = await withoutPlan.api.send('POST /api/generate-audio', {
      body: {
        sessionId: newSessionId(),
        transcriptId: transcript.id,
        voiceSpeed: '1.0',
        audioDuration: '60',
      },
    });
    expectStatus(res, 402);
    if (res.data?.code !== 'SUBSCRIPTION_REQUIRED') throw new Error(`answered ${res.text}`);
  });

  // The visitor who followed the creator's link becomes a subscriber.
  const email = uniqueEmail('journey.subscriber');
  await step('subscriber', 'signs up', () => visitor.signUp(email));
  await step('subscriber', 'pays through the checkout (referred)', async () => {
    await subscribeThroughDemoCheckout(baseUrl, { client: visitor, email, referralCode: creator.referralCode });
    await eventually(
      async () => {
        const me = await visitor.api.send('GET /api/auth/user', {});
        if (me.data?.subscriptionStatus !== 'active') throw new Error(`the plan is not active yet: ${me.text}`);
      },
      waits,
      250,
    );
  });
  const sessionId = newSessionId();
  await step('subscriber', 'records and clones their voice', async () => {
    const clone = await cloneVoiceThroughApi(visitor, options.sample ?? new Uint8Array(await spokenSample()), sessionId);
    expectStatus(clone, 200);
  });
  await step('subscriber', 'generates the text in their voice', async () => {
    const res = await visitor.api.send('POST /api/generate-audio', {
      body: {
        sessionId,
        transcriptId: transcript.id,
        voiceSpeed: '1.0',
        audioDuration: '60',
      },
    });
    expectStatus(res, 201);
    if (res.headers.get('content-type') !== 'audio/mpeg') throw new Error(`answered ${res.headers.get('content-type')}`);
  });
  await step('subscriber', 'finds it in the saved list', async () => {
    const res = await visitor.api.send('GET /api/saved-affirmations/:sessionId', { params: { sessionId } });
    expectStatus(res, 200);
    if ((res.data as unknown[]).length !== 1) throw new Error(`the saved list holds ${(res.data as unknown[]).length}`);
  });

  const asCreator = new TestClient(baseUrl);
  await step('creator', 'signs in', async () =>
    expectStatus(
      await asCreator.api.send('POST /api/creator-auth/login', { body: { email: creator.email, password: creator.password } }),
      200,
    ),
  );
  await step('creator', "sees the commission of the referred subscriber's payment", () =>
    eventually(
      async () => {
        const commissions = await commissionsOf(asCreator, creator.id);
        if (commissions.length !== 1) throw new Error(`${commissions.length} commissions`);
      },
      waits,
      250,
    ),
  );
  return steps;
}

function expectStatus(res: { status: number; text: string }, status: number) {
  if (res.status !== status) throw new Error(`answered ${res.status} (expected ${status}): ${res.text.slice(0, 300)}`);
}
