import { execFileSync } from 'node:child_process';
import { ffmpegPath } from '@innerecho/kit';
import { TestClient, type TestSystem } from '@innerecho/embedded';
import { syntheticMusic } from './audio-fixtures';

/** A short music MP3 made here (20 s of chords), as an admin would upload it. */
export function musicMp3(seconds = 20): Buffer {
  const pcm = syntheticMusic(seconds);
  const s16 = Buffer.alloc(pcm.length * 2);
  for (let i = 0; i < pcm.length; i++) s16.writeInt16LE(Math.round(Math.max(-1, Math.min(1, pcm[i])) * 32767), 2 * i);
  return execFileSync(
    ffmpegPath(),
    ['-v', 'error', '-f', 's16le', '-ar', '44100', '-ac', '2', '-i', 'pipe:0', '-c:a', 'libmp3lame', '-b:a', '128k', '-f', 'mp3', 'pipe:1'],
    { input: s16, maxBuffer: 64 * 1024 * 1024 },
  );
}

/**
 * Adds a background music track through the library's admin routes (upload, PUT, create),
 * so tests do not depend on the starter music.
 */
export async function addMusicTrack(
  system: Pick<TestSystem, 'url' | 'admin'>,
  title: string,
  seconds = 20,
): Promise<{ id: string; title: string }> {
  // Made before any request: making it blocks this process, and a kept-alive connection can
  // close meanwhile (a longer track takes seconds).
  const mp3 = musicMp3(seconds);
  const admin = new TestClient(system.url);
  const login = await admin.postJson('/api/login', { email: system.admin.email, password: system.admin.password });
  if (login.status !== 200) throw new Error(`admin sign-in failed: ${login.status}`);
  const upload = await admin.postJson('/api/background-music/upload', { contentType: 'audio/mpeg', filename: 'calm.mp3' });
  if (upload.status !== 200) throw new Error(`music upload URL refused: ${upload.status} ${upload.text}`);
  const target = upload.data.uploadURL.startsWith('http') ? upload.data.uploadURL : system.url + upload.data.uploadURL;
  const put = await fetch(target, { method: 'PUT', headers: { 'content-type': 'audio/mpeg' }, body: new Uint8Array(mp3) });
  if (!put.ok) throw new Error(`music PUT refused: ${put.status}`);
  const created = await admin.postJson('/api/background-music', { title, uploadURL: upload.data.uploadURL, duration: 300 });
  if (created.status !== 201) throw new Error(`music create refused: ${created.status} ${created.text}`);
  return { id: created.data.id, title: created.data.title };
}
