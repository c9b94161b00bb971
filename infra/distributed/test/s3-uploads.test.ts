import { TestClient, uniqueEmail } from '@innerecho/embedded';
import { startDistributedTestSystem, type DistributedTestSystem } from '../src';

jest.setTimeout(600_000);

/**
 * Uploads with files on S3 (s3rver) and two instances of the voice service behind one
 * address: the upload URL is our own route on both stores, so its rules hold whichever
 * instance a PUT reaches. One PUT per URL, and the account's 50 MB quota counts the uploads
 * still under way on the other instance too (the instances share the claim's lock).
 */
let system: DistributedTestSystem;
beforeAll(async () => {
  system = await startDistributedTestSystem({ instances: 2, s3: true });
});
afterAll(() => system?.stop());

const MB = 1024 * 1024;
const put = (uploadURL: string, body: Uint8Array | string) =>
  fetch(new URL(uploadURL, system.url), { method: 'PUT', headers: { 'content-type': 'audio/webm' }, body });

test('on S3 an upload URL is ours and takes one PUT, whichever instance the next PUT reaches', async () => {
  const listener = new TestClient(system.url);
  await listener.signUp(uniqueEmail('s3-once'));
  const link = await listener.api.send('POST /api/voice-profile/upload', {});
  expect(link.status).toBe(200);
  expect(link.data.uploadURL).toMatch(/^\/api\/files\/voice\/uploads\//);
  expect((await put(link.data.uploadURL, 'the first recording')).status).toBe(200);
  // The instances take turns behind the one address: each of them refuses it.
  for (let i = 0; i < 4; i++) {
    const again = await put(link.data.uploadURL, 'another');
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ code: 'UPLOAD_URL_USED', error: 'This upload link has already been used. Please upload again.' });
  }
});

test("on S3 three links asked for at once across two instances: two hold the account's 50 MB, the third is refused; the two uploads of 20 MB fit", async () => {
  const listener = new TestClient(system.url);
  await listener.signUp(uniqueEmail('s3-quota'));
  // The links hold their room from the moment they are given, whichever instance gives them.
  const asked = await Promise.all([0, 1, 2].map(() => listener.api.send('POST /api/voice-profile/upload', {})));
  expect(asked.map((a) => `${a.status} ${a.data.code ?? ''}`.trim()).sort()).toEqual(['200', '200', '409 STORAGE_QUOTA_EXCEEDED']);
  const links = asked.filter((a) => a.status === 200).map((a) => a.data.uploadURL as string);
  const answers = await Promise.all(links.map(async (link, i) => (await put(link, new Uint8Array(20 * MB).fill(i + 1))).status));
  expect(answers).toEqual([200, 200]);
  // 40 MB stored: a fourth link is given, and its 20 MB do not fit the 10 MB left.
  const fourth = await listener.api.send('POST /api/voice-profile/upload', {});
  expect(fourth.status).toBe(200);
  const over = await put(fourth.data.uploadURL, new Uint8Array(20 * MB));
  expect(over.status).toBe(413);
  // The link was given for the 10 MB left: the body is too large for it.
  expect(((await over.json()) as { code: string }).code).toBe('PAYLOAD_TOO_LARGE');
  // The rest of that body was read before the refusal: the connection is kept for the next call.
  expect(over.headers.get('connection')).not.toBe('close');
  // The refused link still holds the room left (a failed PUT may be sent again), so no other link is given meanwhile...
  expect((await listener.api.send('POST /api/voice-profile/upload', {})).data.code).toBe('STORAGE_QUOTA_EXCEEDED');
  // ...and what fits goes in through it.
  expect((await put(fourth.data.uploadURL, new Uint8Array(5 * MB))).status).toBe(200);
});
