import { useSyncExternalStore } from 'react';
import { AFFIRMATION_SESSION_MAX_PARTS } from '@innerecho/contracts';

/**
 * The affirmations a listener has put aside for a session while browsing ("Add to session" on
 * library cards, My Affirmations and saved affirmations), in the order they were added. Kept in
 * sessionStorage: it survives moving between pages and a reload, and is gone with the tab.
 */
export interface SessionPick {
  /** A library transcript id, or custom-{id} for one of the listener's own affirmations (as /generate/:id). */
  affirmationId: string;
  title: string;
}

const STORAGE_KEY = 'innerecho.affirmation-session.picks';
const listeners = new Set<() => void>();
let cached: { raw: string | null; picks: SessionPick[] } = { raw: null, picks: [] };

function read(): SessionPick[] {
  let raw: string | null = null;
  try {
    raw = sessionStorage.getItem(STORAGE_KEY);
  } catch {
    return cached.picks;
  }
  if (raw === cached.raw) return cached.picks;
  let picks: SessionPick[] = [];
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    if (Array.isArray(parsed)) {
      picks = parsed
        .filter((p): p is SessionPick => typeof p?.affirmationId === 'string' && typeof p?.title === 'string')
        .slice(0, AFFIRMATION_SESSION_MAX_PARTS);
    }
  } catch {
    picks = [];
  }
  cached = { raw, picks };
  return picks;
}

function write(picks: SessionPick[]) {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(picks));
  } catch {
    cached = { raw: null, picks };
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const isSessionFull = (picks: SessionPick[]) => picks.length >= AFFIRMATION_SESSION_MAX_PARTS;

/** The picks, and ways to change them; every component using it sees the same list. */
export function useSessionPicks() {
  const picks = useSyncExternalStore(subscribe, read, () => []);
  return {
    picks,
    has: (affirmationId: string) => picks.some((p) => p.affirmationId === affirmationId),
    /** Adds at the end; false when the session already holds the most it may. */
    add: (pick: SessionPick) => {
      const current = read();
      if (current.some((p) => p.affirmationId === pick.affirmationId)) return true;
      if (isSessionFull(current)) return false;
      write([...current, pick]);
      return true;
    },
    remove: (affirmationId: string) => write(read().filter((p) => p.affirmationId !== affirmationId)),
    replace: (next: SessionPick[]) => write(next.slice(0, AFFIRMATION_SESSION_MAX_PARTS)),
    clear: () => write([]),
  };
}
