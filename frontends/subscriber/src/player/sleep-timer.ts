/** The last this many seconds before a sleep timer stops playback fade out. */
export const SLEEP_FADE_SECONDS = 10;

/** Off, a number of minutes, or the end of the track. */
export type SleepTimerChoice = 'off' | '5' | '15' | '30' | '60' | 'end';

export const SLEEP_TIMER_OPTIONS: { value: SleepTimerChoice; label: string }[] = [
  { value: 'off', label: 'Off' },
  { value: '5', label: '5 minutes' },
  { value: '15', label: '15 minutes' },
  { value: '30', label: '30 minutes' },
  { value: '60', label: '60 minutes' },
  { value: 'end', label: 'End of track' },
];

/**
 * Seconds of listening left before the timer stops playback, or null when it is off. A timer
 * of minutes counts wall-clock time from when it was set (`deadline`, ms); "end of track"
 * counts what is left of the track at the playback speed.
 */
export function secondsUntilSleep(
  choice: SleepTimerChoice,
  state: { now: number; deadline: number | null; currentTime: number; duration: number; playbackRate: number },
): number | null {
  if (choice === 'off') return null;
  if (choice === 'end') {
    if (!Number.isFinite(state.duration) || state.duration <= 0) return null;
    return Math.max(0, (state.duration - state.currentTime) / Math.max(0.1, state.playbackRate));
  }
  if (state.deadline === null) return null;
  return Math.max(0, (state.deadline - state.now) / 1000);
}

/** The volume at `secondsLeft` before the timer stops: full until the last 10 s, then a straight fade to silence. */
export function sleepVolume(secondsLeft: number | null): number {
  if (secondsLeft === null || secondsLeft >= SLEEP_FADE_SECONDS) return 1;
  return Math.max(0, Math.min(1, secondsLeft / SLEEP_FADE_SECONDS));
}

/** '14:05' for what is left on the timer. */
export function formatTimeLeft(seconds: number): string {
  const s = Math.ceil(seconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = String(s % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${rest}` : `${m}:${rest}`;
}

/**
 * Where the listener stopped in each saved affirmation, on this device (localStorage). A
 * position near the end is not kept: the next play starts from the beginning.
 */
const positionKey = (id: string) => `innerecho.position.${id}`;

export function rememberedPosition(id: string, duration: number): number {
  try {
    const stored = Number(window.localStorage.getItem(positionKey(id)));
    return Number.isFinite(stored) && stored > 0 && stored < duration - 5 ? stored : 0;
  } catch {
    return 0;
  }
}

export function rememberPosition(id: string, seconds: number, duration: number) {
  try {
    if (seconds > 1 && seconds < duration - 5) window.localStorage.setItem(positionKey(id), seconds.toFixed(1));
    else window.localStorage.removeItem(positionKey(id));
  } catch {
    // Private mode or a full store: the position is simply not kept.
  }
}
