import { formatDuration } from '@innerecho/ui';
import type { SessionPick } from './affirmation-session-selection';
import { repeatedSessionEstimate, useSpokenSeconds } from './session-length-estimate';
import { StepSlider } from './step-slider';
import type { DailyAllowanceView } from '@innerecho/contracts';

export interface RepetitionsSliderProps {
  picks: SessionPick[];
  pauseSeconds: number;
  /** The repetitions chosen, within what fits an hour. */
  value: number;
  onValueChange: (repetitions: number) => void;
  /** The most repetitions that fit an hour. */
  max: number;
  allowance: DailyAllowanceView | undefined;
  disabled: boolean;
}

/** What the listener reads under the slider: the session's length, worked out before it is made. */
function lengthHint(estimate: number | null, allowance: DailyAllowanceView | undefined): string {
  if (estimate === null) return 'Working out how long the session will be…';
  const length = `About ${formatDuration(estimate)} in all, as your voice takes a moment more or less to say each one.`;
  if (allowance && estimate > allowance.secondsLeft) {
    return `${length} That is more than the ${Math.floor(allowance.secondsLeft / 60)} minutes left today: choose fewer repetitions.`;
  }
  return `${length} It counts against today's hour.`;
}

/**
 * How many times each affirmation is said. The length follows how long the affirmations take to
 * say, so the slider shows the length it comes to (from their words) before the session is made.
 */
export function RepetitionsSlider({ picks, pauseSeconds, value, onValueChange, max, allowance, disabled }: RepetitionsSliderProps) {
  const spokenSeconds = useSpokenSeconds(picks);
  const estimate =
    spokenSeconds === null || picks.length === 0
      ? null
      : repeatedSessionEstimate({ spokenSeconds, count: picks.length, pauseSeconds, repetitions: value });
  return (
    <StepSlider
      id="session-repetitions"
      label="Repetitions per Affirmation"
      hint={picks.length === 0 ? 'Add affirmations to see how long the session will be.' : lengthHint(estimate, allowance)}
      shown={estimate === null ? `${value}x` : `${value}x · ~${formatDuration(estimate)}`}
      valueText={`${value} times each`}
      value={value}
      onValueChange={onValueChange}
      min={1}
      max={Math.max(2, max)}
      disabled={disabled || max < 2}
    />
  );
}
