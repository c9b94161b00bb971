/* global self, caches */
'use strict';
/**
 * InnerEcho's service worker. A page registers it only when the listener keeps an
 * affirmation offline, so everyone else's pages talk to the network with nothing between.
 *
 * Online, each request it handles goes to the network first and the answer is kept; with no
 * network, the kept answer is served. It handles page navigations (the app is one page,
 * kept under '/'), the app's own files, and the signed-in reads the Saved tab opens with:
 * who is signed in, the saved list and the streak. Nothing else: other API calls, requests
 * with a body, byte ranges and other origins pass by untouched.
 *
 * The session answer is kept only while it names a user; an answer that names nobody (signed
 * out here or everywhere, session ended) deletes every personal copy on this device,
 * the MP3s included. The MP3s kept offline are written and read by the page itself.
 *
 * The cache names are also in frontends/ui/src/offline/offline-copies.ts; change both together.
 */
const APP_CACHE = 'innerecho-app-v1';
const PERSONAL_CACHE = 'innerecho-personal-v1';
const OFFLINE_AUDIO_CACHE = 'innerecho-offline-audio-v1';
const CURRENT_CACHES = [APP_CACHE, PERSONAL_CACHE, OFFLINE_AUDIO_CACHE];

const SESSION_READ = '/api/auth/session';
/**
 * Pages that end the session on this device (sign-out, "Sign out everywhere", deleting the
 * account). The server's answer carries Clear-Site-Data, which drops every copy here; for
 * a browser that ignores it, the worker deletes the personal copies itself once the server
 * has agreed (its answer moves on to another page), before that page shows.
 */
const SIGN_OUT_PATHS = ['/api/logout', '/api/auth/logout-everywhere', '/api/auth/account/delete'];
const PERSONAL_READS = [/^\/api\/saved-affirmations\/[^/]+$/, /^\/api\/saved-affirmations\/[^/]+\/streak$/];

self.addEventListener('install', () => self.skipWaiting());

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith('innerecho-') && !CURRENT_CACHES.includes(name)) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate' && SIGN_OUT_PATHS.includes(url.pathname)) {
    event.respondWith(signOutNavigation(event));
    return;
  }
  if (request.method !== 'GET' || request.headers.has('range')) return;
  if (url.pathname === SESSION_READ) {
    event.respondWith(sessionRead(event));
  } else if (PERSONAL_READS.some((read) => read.test(url.pathname))) {
    event.respondWith(networkFirst(event, PERSONAL_CACHE, request.url));
  } else if (url.pathname.startsWith('/api/')) {
    return;
  } else if (request.mode === 'navigate') {
    event.respondWith(networkFirst(event, APP_CACHE, '/'));
  } else {
    event.respondWith(networkFirst(event, APP_CACHE, request.url));
  }
});

async function signOutNavigation(event) {
  const response = await fetch(event.request);
  if (response.type === 'opaqueredirect' || response.redirected) {
    await Promise.all([caches.delete(PERSONAL_CACHE), caches.delete(OFFLINE_AUDIO_CACHE)]);
  }
  return response;
}

async function networkFirst(event, cacheName, key) {
  let response;
  try {
    response = await fetch(event.request);
  } catch (offline) {
    const kept = await caches.match(key, { cacheName, ignoreVary: true });
    if (kept) return kept;
    throw offline;
  }
  if (response.ok) {
    const copy = response.clone();
    event.waitUntil(caches.open(cacheName).then((cache) => cache.put(key, copy)));
  }
  return response;
}

async function sessionRead(event) {
  let response;
  try {
    response = await fetch(event.request);
  } catch (offline) {
    const kept = await caches.match(SESSION_READ, { cacheName: PERSONAL_CACHE, ignoreVary: true });
    if (kept) return kept;
    throw offline;
  }
  if (response.ok) {
    const body = await response.clone().text();
    event.waitUntil(keepSession(body, response.headers.get('content-type')));
  }
  return response;
}

async function keepSession(body, contentType) {
  let user = null;
  try {
    user = JSON.parse(body).user;
  } catch {
    return;
  }
  if (user) {
    const cache = await caches.open(PERSONAL_CACHE);
    await cache.put(SESSION_READ, new Response(body, { headers: { 'content-type': contentType || 'application/json' } }));
  } else {
    await Promise.all([caches.delete(PERSONAL_CACHE), caches.delete(OFFLINE_AUDIO_CACHE)]);
  }
}
