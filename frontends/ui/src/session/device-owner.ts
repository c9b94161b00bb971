import type { QueryClient } from '@tanstack/react-query';
import { forgetOfflineCopies } from '../offline/offline-copies';
import { THEME_STORAGE_KEY } from '../theme/theme-storage';

/**
 * One browser, several people. Whatever this device keeps for a listener (the anonymous
 * sessionId bound to them on the server, affirmations kept offline and the service worker's
 * copies of their reads, a recording kept for after a checkout, where they stopped listening,
 * answers in memory) belongs to one signed-in user, whose id is remembered here. When the
 * session answer names someone else, or no one (signed out here or everywhere, the password
 * changed elsewhere, the account deleted, the session expired), all of it is removed before
 * the answer reaches any screen, so the next person finds nothing of the one before and gets
 * a sessionId of their own. Only the theme choice stays: it says nothing about anyone.
 */
const OWNER_KEY = 'innerecho.device-owner';
/** The IndexedDB databases the app keeps (the recording kept through a checkout), for browsers that cannot list them. */
const KNOWN_DATABASES = ['innerecho-voice'];

/**
 * Records that this device's data is `userId`'s (null: signed out), first removing what it
 * kept for anyone else. Resolves once the device is clean; never throws (a clean-up that
 * fails is logged, and is tried again on the next session answer).
 */
export async function claimDeviceFor(userId: string | null, queryClient: QueryClient, sessionQueryKey: readonly unknown[]): Promise<void> {
  try {
    const owner = window.localStorage.getItem(OWNER_KEY);
    if (owner === userId) return;
    // Data kept before this device had an owner (an older version of the app, or a visitor's
    // unbound sessionId) is taken as the signed-in user's; with no one signed in, it goes.
    if (owner !== null || (userId === null && hasPersonalData())) await forgetEverythingPersonal(queryClient, sessionQueryKey);
    if (userId) window.localStorage.setItem(OWNER_KEY, userId);
    else window.localStorage.removeItem(OWNER_KEY);
  } catch (error) {
    console.warn('what this device kept for the previous person could not all be removed', error);
  }
}

/** Anything stored besides the theme. */
function hasPersonalData(): boolean {
  for (let i = 0; i < window.localStorage.length; i++) if (window.localStorage.key(i) !== THEME_STORAGE_KEY) return true;
  return false;
}

/**
 * Everything personal this device keeps: storage but the theme, offline copies and the
 * service worker, IndexedDB, and every answer in memory but the session's own.
 */
export async function forgetEverythingPersonal(queryClient?: QueryClient, sessionQueryKey?: readonly unknown[]): Promise<void> {
  for (const key of Object.keys(window.localStorage)) if (key !== THEME_STORAGE_KEY) window.localStorage.removeItem(key);
  window.sessionStorage.clear();
  queryClient?.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey?.[0] });
  await Promise.all([forgetOfflineCopies(), forgetDatabases()]);
}

async function forgetDatabases(): Promise<void> {
  if (typeof indexedDB === 'undefined') return;
  const listed = typeof indexedDB.databases === 'function' ? (await indexedDB.databases()).map((db) => db.name) : [];
  const names = new Set([...KNOWN_DATABASES, ...listed.filter((name): name is string => Boolean(name))]);
  await Promise.all(
    [...names].map(
      (name) =>
        new Promise<void>((resolve) => {
          const request = indexedDB.deleteDatabase(name);
          request.onsuccess = request.onerror = () => resolve();
          // An open connection elsewhere (another tab) delays the deletion until it closes; don't wait for it.
          request.onblocked = () => resolve();
        }),
    ),
  );
}
