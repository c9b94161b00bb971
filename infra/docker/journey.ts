import { cloneVoiceInNewSession, eventually, subscribeThroughDemoCheckout, TestClient, uniqueEmail } from '@innerecho/embedded';

/**
 * A listener's first session through a gateway, as the browser makes the calls: sign up,
 * subscribe through the demo checkout, clone their voice (the recording PUT to the object
 * store's presigned URL), render a minute of affirmations and find it saved. Throws with the
 * answer that went wrong.
 */
export async function listenerJourney(gatewayUrl: string) {
  const listener = new TestClient(gatewayUrl);
  const email = uniqueEmail('containers');
  await listener.signUp(email);
  await subscribeThroughDemoCheckout(gatewayUrl, { client: listener, email });
  await eventually(
    async () => {
      const me = await listener.get('/api/auth/user');
      if (me.data?.subscriptionStatus !== 'active') throw new Error(`subscription not active yet: ${me.text}`);
    },
    120,
    500,
  );
  const sessionId = await cloneVoiceInNewSession(listener);
  const transcripts = (await listener.get('/api/transcripts')).data as { id: string }[];
  const render = await listener.postJson('/api/generate-audio', {
    sessionId,
    transcriptId: transcripts[0].id,
    voiceSpeed: '1.0',
    audioDuration: '60',
  });
  if (render.status !== 201 || render.headers.get('content-type') !== 'audio/mpeg')
    throw new Error(`generate failed: ${render.status} ${render.text}`);
  const saved = await listener.get(`/api/saved-affirmations/${sessionId}`);
  if (saved.status !== 200 || (saved.data as unknown[]).length !== 1) throw new Error(`saved: ${saved.status} ${saved.text}`);
}

/** Waits until `url`/ready answers 200 (a gateway published on this machine). */
export async function waitReady(url: string, what: string) {
  await eventually(
    async () => {
      const res = await fetch(`${url}/ready`, { signal: AbortSignal.timeout(3000) });
      if (res.status !== 200) throw new Error(`${what} not ready: ${res.status} ${await res.text()}`);
    },
    240,
    500,
  );
}
