import { useSyncExternalStore } from 'react';
import { ApiError, throwIfResNotOk } from '@innerecho/ui';

/**
 * Deleting with a short undo. The item is set aside at once (it shows as "Deleted" with Undo)
 * and its DELETE is sent only when the undo window ends. Nothing is deleted on the server and
 * then brought back, so an undo can never fail half-way and the server needs no soft-delete
 * state. The window survives leaving the page inside the app (the timers live here, not in a
 * component). If the tab is closed, reloaded or hidden away during the window, the waiting
 * deletes are sent at once with `keepalive`, so a delete the listener meant is not lost.
 */
export const UNDO_WINDOW_MS = 8000;

export interface PendingDelete {
  /** The DELETE path; also the key: one pending delete per thing. */
  path: string;
  /** What the listener deleted, for the 'Deleted' row and messages ('Morning Calm'). */
  label: string;
  /** When the DELETE goes out (ms since the epoch). */
  due: number;
}

interface Entry extends PendingDelete {
  timer: ReturnType<typeof setTimeout>;
  onDeleted: () => void;
  onFailed: (error: unknown) => void;
}

const entries = new Map<string, Entry>();
let snapshot: ReadonlyMap<string, PendingDelete> = new Map();
const listeners = new Set<() => void>();

function changed() {
  snapshot = new Map([...entries].map(([path, { label, due }]) => [path, { path, label, due }]));
  for (const listener of listeners) listener();
}

async function send(entry: Entry, keepalive = false) {
  entries.delete(entry.path);
  changed();
  try {
    const res = await fetch(entry.path, { method: 'DELETE', credentials: 'include', keepalive });
    // Already gone (deleted in another tab) is what the listener wanted.
    if (res.status !== 404) await throwIfResNotOk(res);
    entry.onDeleted();
  } catch (error) {
    entry.onFailed(error);
  }
}

/**
 * Sets `path` aside for deletion: the DELETE goes out after the undo window unless
 * `undoDelete(path)` is called first. `onDeleted` runs once the server has deleted it,
 * `onFailed` when it refused or could not be reached (the thing is still there).
 */
export function deleteWithUndo(options: {
  path: string;
  label: string;
  onDeleted: () => void;
  onFailed: (error: unknown) => void;
  windowMs?: number;
}): void {
  if (entries.has(options.path)) return;
  const windowMs = options.windowMs ?? UNDO_WINDOW_MS;
  const entry: Entry = {
    ...options,
    due: Date.now() + windowMs,
    timer: setTimeout(() => void send(entry), windowMs),
  };
  entries.set(options.path, entry);
  changed();
  watchPageExit();
}

/** Takes back a delete still in its undo window; false when it has already gone out. */
export function undoDelete(path: string): boolean {
  const entry = entries.get(path);
  if (!entry) return false;
  clearTimeout(entry.timer);
  entries.delete(path);
  changed();
  return true;
}

let watching = false;
function watchPageExit() {
  if (watching || typeof window === 'undefined') return;
  watching = true;
  // 'pagehide' covers closing, reloading and leaving the app; it is the last moment a page is
  // sure to run code, and keepalive lets the request finish after the page is gone.
  window.addEventListener('pagehide', () => {
    for (const entry of [...entries.values()]) {
      clearTimeout(entry.timer);
      void send(entry, true);
    }
  });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
const getSnapshot = () => snapshot;

/** The deletes waiting in their undo window, by path. */
export function usePendingDeletes(): ReadonlyMap<string, PendingDelete> {
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}

/** Why a delete did not happen, in listener words. */
export function deleteFailureMessage(error: unknown): string {
  if (error instanceof ApiError && error.serverMessage && error.status < 500) return error.serverMessage;
  return 'It is still here. Please check your connection and try again.';
}
