import { Field, Slider, formatDuration } from '@innerecho/ui';
import { DURATION_MAX, DURATION_MIN, DURATION_STEP } from './generation-api';

export interface DurationSliderProps {
  id: string;
  value: number;
  onValueChange: (seconds: number) => void;
  disabled?: boolean;
}

const MARKS = [
  { value: 60, label: '1 min' },
  { value: 1800, label: '30 min' },
  { value: 3600, label: '1 hour' },
];

/** The audio duration slider (spec section 9): 60-3600 s in steps of 60, shown as 'Xm Ys' or 'Xh Ym'. */
export function DurationSlider({ id, value, onValueChange, disabled }: DurationSliderProps) {
  return (
    <Field
      htmlFor={id}
      label={
        <span css={{ display: 'flex', justifyContent: 'space-between', gap: 12, width: '100%' }}>
          <span>Audio Duration</span>
          <span css={(t) => ({ color: t.colors.accent, fontVariantNumeric: 'tabular-nums' })} aria-hidden>
            {formatDuration(value)}
          </span>
        </span>
      }
    >
      <Slider
        id={id}
        aria-label="Audio duration"
        value={value}
        onValueChange={onValueChange}
        min={DURATION_MIN}
        max={DURATION_MAX}
        step={DURATION_STEP}
        disabled={disabled}
        valueText={formatDuration(value)}
        marks={MARKS}
      />
    </Field>
  );
}
