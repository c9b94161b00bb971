import { Field, Slider, fieldDescriptionIds, formatDuration } from '@innerecho/ui';
import { DURATION_MAX, DURATION_MIN, DURATION_STEP } from './generation-api';
import { SliderLabel } from './slider-label';
import { longestDurationToday, renewalPhrase } from './use-daily-allowance';
import type { DailyAllowanceView } from '@innerecho/contracts';

export interface DurationSliderProps {
  id: string;
  value: number;
  onValueChange: (seconds: number) => void;
  /** Today's allowance: the slider stops at what is left and says so. */
  allowance: DailyAllowanceView | undefined;
  disabled?: boolean;
}

const MARKS = [
  { value: 60, label: '1 min' },
  { value: 1800, label: '30 min' },
  { value: 3600, label: '1 hour' },
];

const minutes = (seconds: number) => Math.floor(seconds / 60);

/** The duration to use: the chosen one, but never past what is left today (nor below a minute). */
export function durationWithinAllowance(seconds: number, allowance: DailyAllowanceView | undefined): number {
  return Math.max(DURATION_MIN, Math.min(seconds, longestDurationToday(allowance)));
}

/** The marks under the track: 1 min, 30 min, 1 hour, cut to today's end, which gets its own label. */
function marksUpTo(max: number) {
  if (max >= DURATION_MAX) return MARKS;
  // Marks closer than a sixth of the track to its end would run into the end's label.
  const inside = MARKS.filter((mark) => mark.value < max - (max - DURATION_MIN) / 6);
  return [...inside, { value: max, label: `${minutes(max)} min` }];
}

/**
 * The audio duration: 60 to 3600 s in steps of 60, shown as 'Xm Ys' or 'Xh Ym', and never more
 * than what is left of today's hour. Under it: 'N of 60 minutes left today' and when the
 * allowance renews, in the listener's own time.
 */
export function DurationSlider({ id, value, onValueChange, allowance, disabled }: DurationSliderProps) {
  const longest = longestDurationToday(allowance);
  const exhausted = longest < DURATION_MIN;
  // With a minute or less left there is nothing to choose: the slider shows 1 minute, still.
  const fixed = longest <= DURATION_MIN;
  const max = fixed ? DURATION_MIN + DURATION_STEP : longest;
  const shown = durationWithinAllowance(value, allowance);
  const renewsPhrase = allowance ? renewalPhrase(allowance.renewsAt) : '';
  const hint = !allowance
    ? undefined
    : exhausted
      ? `You have used today's ${minutes(allowance.dailySeconds)} minutes of audio. Your allowance renews ${renewsPhrase}.`
      : `${minutes(allowance.secondsLeft)} of ${minutes(allowance.dailySeconds)} minutes left today · renews ${renewsPhrase}`;

  return (
    <Field htmlFor={id} hint={hint} label={<SliderLabel label="Audio Duration" shown={formatDuration(shown)} />}>
      <Slider
        id={id}
        aria-label="Audio duration"
        aria-describedby={fieldDescriptionIds(id, { hint: Boolean(hint) })}
        value={shown}
        onValueChange={onValueChange}
        min={DURATION_MIN}
        max={max}
        step={DURATION_STEP}
        disabled={disabled || fixed}
        valueText={formatDuration(shown)}
        marks={fixed ? [MARKS[0]!] : marksUpTo(max)}
      />
    </Field>
  );
}
