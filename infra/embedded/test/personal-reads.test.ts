import {
  eventually,
  sumOfMetric,
  newSessionId,
  startTestSystem,
  subscribeThroughDemoCheckout,
  TestClient,
  uniqueEmail,
  type TestSystem,
} from '@innerecho/embedded';

jest.setTimeout(180_000);

/**
 * A signed-in listener's own reads (the user, the session, the saved list, the allowance, the
 * voice profile, the streak, the own recording) are answered by a short way in the gateway and
 * in each service when the session is valid; everything else still gets the long way's answer.
 */
let system: TestSystem;
beforeAll(async () => {
  system = await startTestSystem();
});
afterAll(() => system?.stop());

const personalReads = (sessionId: string, transcriptId: string) => [
  '/api/auth/user',
  '/api/auth/session',
  `/api/saved-affirmations/${sessionId}`,
  '/api/generate-audio/allowance',
  `/api/voice-profile/${sessionId}`,
  `/api/saved-affirmations/${sessionId}/streak?timeZone=Europe%2FBerlin`,
  `/api/own-recordings/${sessionId}/${transcriptId}`,
];

async function subscribedListener() {
  const client = new TestClient(system.url);
  const email = uniqueEmail('personal');
  const user = await client.signUp(email);
  await subscribeThroughDemoCheckout(system.url, { client, email });
  const transcriptId = ((await client.api.send('GET /api/transcripts', {})).data as { id: string }[])[0].id;
  return { client, user, email, sessionId: newSessionId(), transcriptId };
}

test("a listener's own reads answer their own data, with the service's headers", async () => {
  const { client, user, email, sessionId, transcriptId } = await subscribedListener();
  const answers = await Promise.all(personalReads(sessionId, transcriptId).map((path) => client.get(path)));
  for (const answer of answers) expect(answer.status).toBe(200);
  const [me, session, saved, allowance, voice, streak, ownRecording] = answers.map((a) => a.data);
  await eventually(async () => expect((await client.api.send('GET /api/auth/user', {})).data.subscriptionStatus).toBe('active'));
  expect(me).toMatchObject({ id: user.id, email });
  expect(session.user).toMatchObject({ id: user.id, email });
  expect(saved).toEqual([]);
  expect(allowance).toMatchObject({ dailySeconds: 3600, secondsUsed: 0, secondsLeft: 3600 });
  expect(voice).toMatchObject({ isCloned: false });
  expect(streak).toMatchObject({ days: 0 });
  expect(ownRecording).toBeNull();
  expect(answers[3].headers.get('cache-control')).toBe('no-store');
  expect(answers[0].headers.get('content-type')).toBe('application/json; charset=utf-8');
  expect(answers[0].headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
});

test("another listener's sessionId, a visitor, and a bad query get the same refusals as before", async () => {
  const owner = await subscribedListener();
  expect((await owner.client.api.send('GET /api/saved-affirmations/:sessionId', { params: { sessionId: owner.sessionId } })).status).toBe(
    200,
  );
  const other = await subscribedListener();
  for (const path of personalReads(owner.sessionId, owner.transcriptId).filter((p) => p.includes(owner.sessionId))) {
    const refused = await other.client.get(path);
    expect(refused.status).toBe(403);
    expect(refused.data.code).toBe('SESSION_NOT_OWNED');
  }
  const visitor = new TestClient(system.url);
  expect((await visitor.api.send('GET /api/auth/user', {})).status).toBe(401);
  expect((await visitor.api.send('GET /api/auth/session', {})).data).toEqual({ user: null });
  expect((await visitor.api.send('GET /api/generate-audio/allowance', {})).status).toBe(401);
  const badZone = await owner.client.api.send('GET /api/saved-affirmations/:sessionId/streak', {
    params: { sessionId: owner.sessionId },
    query: { timeZone: 'Not/A_Zone' },
  });
  expect(badZone.status).toBe(400);
  expect(badZone.data.code).toBe('BAD_TIME_ZONE');
  const control = await owner.client.get(`/api/own-recordings/${owner.sessionId}/abc%00def`);
  expect(control.status).toBe(400);
});

test('after sign-out every own read of a copied cookie is refused, through the gateway and at each service', async () => {
  const { client, sessionId, transcriptId } = await subscribedListener();
  const token = client.cookies.get('ie_session')!;
  const copy = (baseUrl: string) => {
    const c = new TestClient(baseUrl);
    c.cookies.set('ie_session', token);
    return c;
  };
  const reads = personalReads(sessionId, transcriptId).filter((p) => p !== '/api/auth/session');
  for (const path of reads) expect((await copy(system.url).get(path)).status).toBe(200);
  await client.api.send('GET /api/logout', {});
  const owners: Record<string, string> = {
    '/api/auth': system.services.identity.url,
    '/api/voice-profile': system.services.voice.url,
  };
  await eventually(
    async () => {
      for (const path of reads) {
        expect((await copy(system.url).get(path)).status).toBe(401);
        const service = Object.entries(owners).find(([prefix]) => path.startsWith(prefix))?.[1] ?? system.services.generation.url;
        expect((await copy(service).get(path)).status).toBe(401);
      }
      expect((await copy(system.url).api.send('GET /api/auth/session', {})).data).toEqual({ user: null });
    },
    50,
    100,
  );
});

test("the gateway's and the service's request figures count and time each own read once, by route pattern", async () => {
  const { client } = await subscribedListener();
  const route = '/api/generate-audio/allowance';
  const figures = async () => {
    const text = await (await fetch(`${system.gateway.metricsUrl}/metrics`)).text();
    return ['gateway', 'generation'].flatMap((service) =>
      ['innerecho_http_requests_total', 'innerecho_http_request_duration_seconds_count'].map((name) =>
        sumOfMetric(text, name, { service, route, status: '200' }),
      ),
    );
  };
  expect((await client.api.send(`GET ${route}`, {})).status).toBe(200);
  const before = await figures();
  expect(before.every((count) => count >= 1)).toBe(true);
  for (let i = 0; i < 3; i++) expect((await client.api.send(`GET ${route}`, {})).status).toBe(200);
  expect(await figures()).toEqual(before.map((count) => count + 3));
});
