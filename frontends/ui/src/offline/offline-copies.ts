import { useSyncExternalStore } from 'react';

/**
 * Affirmations kept on this device for listening without a network, and the installed app
 * that opens without one.
 *
 * The MP3s live in Cache Storage under a key per listener and saved affirmation (never the
 * expiring file address), so a copy outlives the address it came from and one listener on a
 * shared device never sees another's. The first copy kept installs the service worker
 * (/sw.js) and stores the app's files and the Saved tab's reads, so a reload with no network
 * still opens the Saved tab; from then on the worker keeps them fresh while online.
 *
 * The cache names are also in frontends/shell/src/pwa/sw.js; change both together.
 */
const APP_CACHE = 'innerecho-app-v1';
const PERSONAL_CACHE = 'innerecho-personal-v1';
const OFFLINE_AUDIO_CACHE = 'innerecho-offline-audio-v1';
const SERVICE_WORKER_URL = '/sw.js';
const AUDIO_KEY_PREFIX = '/offline-audio/';

const audioKey = (userId: string, savedId: string) => `${AUDIO_KEY_PREFIX}${encodeURIComponent(userId)}/${encodeURIComponent(savedId)}`;

export interface OfflineCopy {
  savedId: string;
  bytes: number;
}

/** Whether this browser can keep affirmations offline at all (Cache Storage and service workers). */
export const canKeepOffline = () => typeof window !== 'undefined' && 'caches' in window && 'serviceWorker' in navigator;

/** The affirmations this listener keeps on this device, with the space each takes. */
export async function listOfflineCopies(userId: string): Promise<OfflineCopy[]> {
  if (!canKeepOffline() || !(await caches.has(OFFLINE_AUDIO_CACHE))) return [];
  const cache = await caches.open(OFFLINE_AUDIO_CACHE);
  const prefix = audioKey(userId, '');
  const copies: OfflineCopy[] = [];
  for (const request of await cache.keys()) {
    const path = new URL(request.url).pathname;
    if (!path.startsWith(prefix)) continue;
    const response = await cache.match(request);
    copies.push({ savedId: decodeURIComponent(path.slice(prefix.length)), bytes: Number(response?.headers.get('content-length') ?? 0) });
  }
  return copies;
}

/**
 * Downloads one saved affirmation's MP3 and keeps it on this device; `personalReads` are the
 * signed-in reads the Saved tab opens with, kept with it so the tab opens offline.
 */
export async function keepOffline(options: { userId: string; savedId: string; audioUrl: string; personalReads: string[] }) {
  if (!canKeepOffline()) throw new Error('This browser cannot keep affirmations offline.');
  const response = await fetch(options.audioUrl);
  if (!response.ok) throw new Error(`The download failed (${response.status}).`);
  const audio = await response.blob();
  const cache = await caches.open(OFFLINE_AUDIO_CACHE);
  await cache.put(
    audioKey(options.userId, options.savedId),
    new Response(audio, { headers: { 'content-type': 'audio/mpeg', 'content-length': String(audio.size) } }),
  );
  await installOfflineApp(options.personalReads);
}

/** Deletes one kept copy. */
export async function removeOfflineCopy(userId: string, savedId: string): Promise<void> {
  if (!canKeepOffline()) return;
  await (await caches.open(OFFLINE_AUDIO_CACHE)).delete(audioKey(userId, savedId));
}

/** Deletes every copy this listener keeps on this device. */
export async function removeAllOfflineCopies(userId: string): Promise<void> {
  for (const copy of await listOfflineCopies(userId)) await removeOfflineCopy(userId, copy.savedId);
}

/** A playable address (blob:) for a kept copy, or null when there is none. Revoke it when done. */
export async function offlineAudioUrl(userId: string, savedId: string): Promise<string | null> {
  if (!canKeepOffline()) return null;
  const kept = await caches.match(audioKey(userId, savedId), { cacheName: OFFLINE_AUDIO_CACHE });
  return kept ? URL.createObjectURL(await kept.blob()) : null;
}

/**
 * Everything personal this device keeps (the MP3s, the kept reads) and the service worker:
 * on sign-out, before the next person uses the browser.
 */
export async function forgetOfflineCopies(): Promise<void> {
  if (!canKeepOffline()) return;
  await Promise.all([caches.delete(OFFLINE_AUDIO_CACHE), caches.delete(PERSONAL_CACHE), caches.delete(APP_CACHE)]);
  const registration = await navigator.serviceWorker.getRegistration('/');
  await registration?.unregister();
}

/**
 * Registers the service worker and stores what a reload with no network needs: the app's
 * page and the files this page loaded (scripts, styles, fonts of the shell and its remotes),
 * and the signed-in reads the Saved tab opens with. Online, the worker refreshes them on
 * every use.
 */
async function installOfflineApp(personalReads: string[]) {
  await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' });
  const appFiles = new Set<string>(['/']);
  for (const entry of performance.getEntriesByType('resource')) {
    const url = new URL(entry.name);
    if (url.origin === location.origin && !url.pathname.startsWith('/api/')) appFiles.add(url.pathname + url.search);
  }
  const [app, personal] = await Promise.all([caches.open(APP_CACHE), caches.open(PERSONAL_CACHE)]);
  // One file that cannot be fetched now (a chunk replaced by a newer build) must not stop the rest.
  await Promise.all([
    ...[...appFiles].map((file) => app.add(file).catch(() => undefined)),
    ...personalReads.map((read) => personal.add(read).catch(() => undefined)),
  ]);
}

const subscribeToConnection = (onChange: () => void) => {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
};

/** Whether the browser says it has a network connection, kept up to date. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeToConnection,
    () => navigator.onLine,
    () => true,
  );
}
