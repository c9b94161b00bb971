import { randomBytes } from 'node:crypto';
import { VOICE_CONSENT_VERSION, type CommissionView } from '@innerecho/contracts';
import { newSessionId, TestClient, uniqueEmail } from './test-client';
import { spokenSample } from './test-support/voice-samples';

/**
 * The referral-to-commission journey as HTTP calls through the gateway, the way the
 * browser makes them: usable against either form of the product (one process, or every
 * service in its own process), so scale-out, deploy and tracing tests drive the same flow.
 */

export async function signedInAdmin(baseUrl: string, admin: { email: string; password: string }): Promise<TestClient> {
  const client = new TestClient(baseUrl);
  const res = await client.api.send('POST /api/login', { body: admin });
  if (res.status !== 200) throw new Error(`admin sign-in failed: ${res.status} ${res.text}`);
  return client;
}

/** A creator added by the admin (POST /api/creators), with a fresh referral code, and the sign-in it was given. */
export async function createCreatorThroughAdmin(
  admin: TestClient,
): Promise<{ id: string; referralCode: string; email: string; password: string }> {
  const referralCode = `r${randomBytes(5).toString('hex')}`;
  const sign = { email: uniqueEmail('creator'), password: 'creator password 123' };
  const res = await admin.api.send('POST /api/creators', { body: { name: `Creator ${referralCode}`, ...sign, referralCode } });
  if (res.status !== 201) throw new Error(`creating a creator failed: ${res.status} ${res.text}`);
  return { id: res.data.id, referralCode, ...sign };
}

/** The admin signed in, and a creator they added: where a referral journey starts. */
export async function adminWithNewCreator(baseUrl: string, admin: { email: string; password: string }) {
  const client = await signedInAdmin(baseUrl, admin);
  return { admin: client, creator: await createCreatorThroughAdmin(client) };
}

/**
 * A visitor who came through `referralCode` subscribes monthly through the demo checkout,
 * with the first payment charged at once (as when the trial has ended). Returns the
 * buyer's email and the checkout id.
 */
export async function subscribeThroughDemoCheckout(
  baseUrl: string,
  options: { referralCode?: string; email?: string; client?: TestClient } = {},
): Promise<{ email: string; checkoutId: string }> {
  const client = options.client ?? new TestClient(baseUrl);
  const email = options.email ?? uniqueEmail('buyer');
  const checkout = await client.api.send('POST /api/create-checkout-session', {
    body: {
      plan: 'monthly',
      ...(options.referralCode ? { referralCode: options.referralCode } : {}),
    },
  });
  if (checkout.status !== 200) throw new Error(`checkout failed: ${checkout.status} ${checkout.text}`);
  const path = new URL(checkout.data.url, baseUrl).pathname;
  const done = await client.request('POST', `${path}/complete`, { form: { email, simulateFirstPayment: 'on' } });
  if (done.status !== 303) throw new Error(`completing the demo checkout failed: ${done.status} ${done.text}`);
  return { email, checkoutId: path.split('/').pop()! };
}

/** The creator's commissions as the creator area (or an admin) reads them. */
export async function commissionsOf(reader: TestClient, creatorId: string): Promise<CommissionView[]> {
  const res = await reader.api.send('GET /api/commissions/creator/:creatorId', { params: { creatorId } });
  if (res.status !== 200) throw new Error(`reading commissions failed: ${res.status} ${res.text}`);
  return res.data as CommissionView[];
}

/**
 * Uploads a recording as the recorder does: an upload URL, then the file PUT there (the local
 * file route or a presigned S3 URL). Resolves with the upload URL a clone or a kept reading
 * names it by; a refusal throws with the status and the answer.
 */
export async function uploadRecordingThroughApi(listener: TestClient, recording: Uint8Array): Promise<string> {
  const upload = await listener.api.send('POST /api/voice-profile/upload', {});
  if (upload.status !== 200) throw new Error(`no upload URL: ${upload.status} ${upload.text}`);
  const put = await fetch(new URL(upload.data.uploadURL, listener.baseUrl), {
    method: 'PUT',
    headers: { 'content-type': 'audio/webm' },
    body: recording as RequestInit['body'],
  });
  if (put.status !== 200) throw new Error(`uploading the recording failed: ${put.status}`);
  return upload.data.uploadURL as string;
}

/**
 * Clones the signed-in listener's voice through the API, as /record-voice does: the recording
 * uploaded, then the clone with consent. `sample`: at least 20 seconds of speech. Resolves with
 * the clone's answer.
 */
export async function cloneVoiceThroughApi(listener: TestClient, sample: Uint8Array, sessionId: string) {
  return listener.api.send('POST /api/voice-profile/clone', {
    body: {
      sessionId,
      uploadURL: await uploadRecordingThroughApi(listener, sample),
      consent: { accepted: true, textVersion: VOICE_CONSENT_VERSION },
    },
  });
}

/**
 * A cloned voice for the listener in a new session, from the spoken sample, as the recorder
 * makes one: the session's id. Throws when the clone is refused.
 */
export async function cloneVoiceInNewSession(listener: TestClient): Promise<string> {
  const sessionId = newSessionId();
  const clone = await cloneVoiceThroughApi(listener, new Uint8Array(await spokenSample()), sessionId);
  if (clone.status !== 200) throw new Error(`cloning the voice failed: ${clone.status} ${clone.text}`);
  return sessionId;
}
