import { VOICE_CONSENT_VERSION } from '@innerecho/contracts';
import { newSessionId, spokenSample, TestClient, uniqueEmail, uploadRecordingThroughApi, type TestSystem } from '@innerecho/embedded';

export interface Subscriber {
  client: TestClient;
  user: { id: string };
  sessionId: string;
}

/** The spoken sample the voices here are cloned from: made once per test file, when first needed. */
let sample: Promise<Buffer> | undefined;

/** A signed-up listener with a plan (unless `subscribed: false`) and, unless `cloned: false`, a cloned voice. */
export async function newSubscriber(system: TestSystem, options: { cloned?: boolean; subscribed?: boolean } = {}): Promise<Subscriber> {
  const client = new TestClient(system.url);
  const user = await client.signUp(uniqueEmail('gen'));
  if (options.subscribed ?? true) await system.grantSubscription(user.id);
  const sessionId = newSessionId();
  if (options.cloned ?? true) {
    const uploadURL = await uploadRecordingThroughApi(client, await (sample ??= spokenSample()));
    // Straight to the voice service: cloning is setup here (the voice tests cover its route),
    // and on a busy machine it can outlast the gateway's proxy timeout.
    const clone = await new TestClient(system.services.voice.url).api.send(
      'POST /api/voice-profile/clone',
      { body: { sessionId, uploadURL, consent: { accepted: true, textVersion: VOICE_CONSENT_VERSION } } },
      { headers: { authorization: `Bearer ${client.cookies.get('ie_session')}`, origin: '' } },
    );
    expect(clone.status).toBe(200);
  }
  return { client, user, sessionId };
}
