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
  const link = await listener.postJson('/api/voice-profile/upload', {});
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

test("on S3 three uploads of 20 MB at once: two fit the account's 50 MB, the third is cut off with 413 STORAGE_QUOTA_EXCEEDED", async () => {
  const listener = new TestClient(system.url);
  await listener.signUp(uniqueEmail('s3-quota'));
  // Three links asked for while nothing is stored yet: each is given.
  const links: string[] = [];
  for (let i = 0; i < 3; i++) {
    const link = await listener.postJson('/api/voice-profile/upload', {});
    expect(link.status).toBe(200);
    links.push(link.data.uploadURL);
  }
  const answers = await Promise.all(
    links.map(async (link, i) => {
      const res = await put(link, new Uint8Array(20 * MB).fill(i + 1));
      return { status: res.status, code: res.status === 200 ? null : ((await res.json()) as { code: string }).code };
    }),
  );
  const sorted = answers.map((a) => `${a.status} ${a.code ?? ''}`.trim()).sort();
  expect(sorted).toEqual(['200', '200', '413 STORAGE_QUOTA_EXCEEDED']);
  // 40 MB stored: a fourth link is given, and its 20 MB do not fit the 10 MB left.
  const fourth = await listener.postJson('/api/voice-profile/upload', {});
  expect(fourth.status).toBe(200);
  const over = await put(fourth.data.uploadURL, new Uint8Array(20 * MB));
  expect(over.status).toBe(413);
  expect(((await over.json()) as { code: string }).code).toBe('STORAGE_QUOTA_EXCEEDED');
  // The rest of that body was read before the refusal: the connection is kept for the next call.
  expect(over.headers.get('connection')).not.toBe('close');
  // What fits still goes in.
  const fifth = await listener.postJson('/api/voice-profile/upload', {});
  expect((await put(fifth.data.uploadURL, new Uint8Array(5 * MB))).status).toBe(200);
});
