import { spawn } from 'node:child_process';
import { buffer } from 'node:stream/consumers';
import { ffmpegPath } from '@innerecho/kit';
import { TestClient } from '../test-client';
import type { TestSystem } from '../testing';
import { syntheticMusic } from './audio-fixtures';

/**
 * A music MP3 made here (20 s of chords by default), as an admin would upload it. Encoded in a
 * child process without blocking this one: the system under test answers from this process,
 * and a long block lets its kept-alive connections lapse under a waiting request.
 */
export async function musicMp3(seconds = 20): Promise<Buffer> {
  const pcm = syntheticMusic(seconds);
  const s16 = Buffer.alloc(pcm.length * 2);
  for (let i = 0; i < pcm.length; i++) s16.writeInt16LE(Math.round(Math.max(-1, Math.min(1, pcm[i])) * 32767), 2 * i);
  const ffmpeg = spawn(
    ffmpegPath(),
    ['-v', 'error', '-f', 's16le', '-ar', '44100', '-ac', '2', '-i', 'pipe:0', '-c:a', 'libmp3lame', '-b:a', '128k', '-f', 'mp3', 'pipe:1'],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const exited = new Promise<number | null>((resolve, reject) => ffmpeg.once('error', reject).once('close', resolve));
  ffmpeg.stdin.end(s16);
  const [mp3, code] = await Promise.all([buffer(ffmpeg.stdout), exited]);
  if (code !== 0) throw new Error(`ffmpeg could not make the test music (exit ${code})`);
  return mp3;
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
  const mp3 = await musicMp3(seconds);
  const admin = new TestClient(system.url);
  const login = await admin.api.send('POST /api/login', { body: { email: system.admin.email, password: system.admin.password } });
  if (login.status !== 200) throw new Error(`admin sign-in failed: ${login.status}`);
  const upload = await admin.api.send('POST /api/background-music/upload', { body: { contentType: 'audio/mpeg', filename: 'calm.mp3' } });
  if (upload.status !== 200) throw new Error(`music upload URL refused: ${upload.status} ${upload.text}`);
  const target = upload.data.uploadURL.startsWith('http') ? upload.data.uploadURL : system.url + upload.data.uploadURL;
  const put = await fetch(target, { method: 'PUT', headers: { 'content-type': 'audio/mpeg' }, body: new Uint8Array(mp3) });
  if (!put.ok) throw new Error(`music PUT refused: ${put.status}`);
  const created = await admin.api.send('POST /api/background-music', { body: { title, uploadURL: upload.data.uploadURL, duration: 300 } });
  if (created.status !== 201) throw new Error(`music create refused: ${created.status} ${created.text}`);
  return { id: created.data.id, title: created.data.title };
}
