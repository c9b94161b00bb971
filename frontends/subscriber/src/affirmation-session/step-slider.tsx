import type { ReactNode } from 'react';
import { Field, Slider, fieldDescriptionIds } from '@innerecho/ui';
import { SliderLabel } from '../generate/slider-label';

export interface StepSliderProps {
  id: string;
  label: string;
  hint: ReactNode;
  /** The value as the label shows it ('3x', '2 s'). */
  shown: string;
  /** The value as a screen reader says it. */
  valueText: string;
  value: number;
  onValueChange: (value: number) => void;
  min: number;
  max: number;
  disabled: boolean;
}

/** A whole-number slider with its label, its value beside the label, and a hint under it. */
export function StepSlider(props: StepSliderProps) {
  const { id, label, hint, shown, ...slider } = props;
  return (
    <Field htmlFor={id} hint={hint} label={<SliderLabel label={label} shown={shown} />}>
      <Slider id={id} aria-label={label} aria-describedby={fieldDescriptionIds(id, { hint: true })} step={1} {...slider} />
    </Field>
  );
}
