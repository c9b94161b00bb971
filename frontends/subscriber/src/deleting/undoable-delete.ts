import { useSyncExternalStore } from 'react';
import { endpointUrl, type AnyEndpointId, type EndpointRequest } from '@innerecho/contracts';
import { ApiError, callApiForResponse } from '@innerecho/ui';

/**
 * Deleting with a short undo. The item is set aside at once (it shows as "Deleted" with Undo)
 * and its DELETE is sent only when the undo window ends. Nothing is deleted on the server and
 * then brought back, so an undo can never fail half-way and the server needs no soft-delete
 * state. The window survives leaving the page inside the app (the timers live here, not in a
 * component). If the tab is closed, reloaded or hidden away during the window, the waiting
 * deletes are sent at once with `keepalive`, so a delete the listener meant is not lost.
 */
export const UNDO_WINDOW_MS = 8000;

/** The endpoints a delete with undo may call. */
export type DeleteEndpointId = Extract<AnyEndpointId, `DELETE ${string}`>;

/** A delete to send when its undo window ends: the endpoint and its request. */
export interface UndoableDelete<Id extends DeleteEndpointId> {
  endpoint: Id;
  request: EndpointRequest<Id>;
}

/** The address of a delete, which is also its key among the pending ones. */
export const pendingDeleteKey = <Id extends DeleteEndpointId>({ endpoint, request }: UndoableDelete<Id>): string =>
  endpointUrl(endpoint, request);

export interface PendingDelete {
  /** The DELETE's address (`pendingDeleteKey`); also the key: one pending delete per thing. */
  path: string;
  /** What the listener deleted, for the 'Deleted' row and messages ('Morning Calm'). */
  label: string;
  /** When the DELETE goes out (ms since the epoch). */
  due: number;
}

interface Entry extends PendingDelete {
  timer: ReturnType<typeof setTimeout>;
  call: (keepalive: boolean) => Promise<Response>;
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
    await entry.call(keepalive);
    entry.onDeleted();
  } catch (error) {
    // Already gone (deleted in another tab) is what the listener wanted.
    if (error instanceof ApiError && error.status === 404) entry.onDeleted();
    else entry.onFailed(error);
  }
}

/**
 * Sets a thing aside for deletion: the call to `endpoint` goes out after the undo window unless
 * `undoDelete(pendingDeleteKey(…))` is called first. `onDeleted` runs once the server has
 * deleted it, `onFailed` when it refused or could not be reached (the thing is still there).
 */
export function deleteWithUndo<Id extends DeleteEndpointId>(
  options: UndoableDelete<Id> & {
    label: string;
    onDeleted: () => void;
    onFailed: (error: unknown) => void;
    windowMs?: number;
  },
): void {
  const { endpoint, request, label, onDeleted, onFailed } = options;
  const path = pendingDeleteKey({ endpoint, request });
  if (entries.has(path)) return;
  const windowMs = options.windowMs ?? UNDO_WINDOW_MS;
  const entry: Entry = {
    path,
    label,
    onDeleted,
    onFailed,
    call: (keepalive) => callApiForResponse(endpoint, request, { keepalive }),
    due: Date.now() + windowMs,
    timer: setTimeout(() => void send(entry), windowMs),
  };
  entries.set(path, entry);
  changed();
  watchPageExit();
}

/** Takes back a delete still in its undo window (by its `pendingDeleteKey`); false when it has already gone out. */
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

/** The deletes waiting in their undo window, by `pendingDeleteKey`. */
export function usePendingDeletes(): ReadonlyMap<string, PendingDelete> {
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}

/** Why a delete did not happen, in listener words. */
export function deleteFailureMessage(error: unknown): string {
  if (error instanceof ApiError && error.serverMessage && error.status < 500) return error.serverMessage;
  return 'It is still here. Please check your connection and try again.';
}
