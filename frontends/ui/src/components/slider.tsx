import styled from '@emotion/styled';
import * as SliderPrimitive from '@radix-ui/react-slider';

export interface SliderProps {
  id?: string;
  value: number;
  onValueChange: (value: number) => void;
  min: number;
  max: number;
  step?: number;
  disabled?: boolean;
  /** Accessible name of the thumb (the element that takes focus). */
  'aria-label'?: string;
  /** Ids of text that describes the value (a hint under the slider). */
  'aria-describedby'?: string;
  /** Read out instead of the raw number, e.g. '3m 0s'. */
  valueText?: string;
  /** Labels under the track, e.g. 1 min / 30 min / 1 hour. */
  marks?: { value: number; label: string }[];
}

const Root = styled(SliderPrimitive.Root)`
  position: relative;
  display: flex;
  align-items: center;
  width: 100%;
  height: 28px;
  touch-action: none;
  user-select: none;
`;

const Track = styled(SliderPrimitive.Track)`
  position: relative;
  flex-grow: 1;
  height: 6px;
  border-radius: 999px;
  background: ${(p) => p.theme.colors.surfaceSunken};
  border: 1px solid ${(p) => p.theme.colors.border};
  overflow: hidden;
`;

const Range = styled(SliderPrimitive.Range)`
  position: absolute;
  height: 100%;
  background: linear-gradient(90deg, ${(p) => p.theme.colors.accent}, ${(p) => p.theme.colors.primary});
`;

const Thumb = styled(SliderPrimitive.Thumb)`
  display: block;
  width: 22px;
  height: 22px;
  border-radius: 50%;
  background: ${(p) => p.theme.colors.text};
  border: 3px solid ${(p) => p.theme.colors.primary};
  box-shadow: 0 2px 8px rgba(0, 0, 0, 0.3);
  cursor: grab;
  &:focus-visible {
    outline: 2px solid ${(p) => p.theme.colors.focusRing};
    outline-offset: 3px;
  }
`;

export function Slider({ id, value, onValueChange, min, max, step = 1, disabled, valueText, marks, ...aria }: SliderProps) {
  return (
    <div css={{ display: 'flex', flexDirection: 'column', gap: 6 }}>
      <Root value={[value]} onValueChange={([next]) => onValueChange(next ?? value)} min={min} max={max} step={step} disabled={disabled}>
        <Track>
          <Range />
        </Track>
        <Thumb id={id} aria-label={aria['aria-label']} aria-describedby={aria['aria-describedby']} aria-valuetext={valueText} />
      </Root>
      {marks?.length ? (
        <div aria-hidden css={(t) => ({ position: 'relative', height: 18, fontSize: 12.5, color: t.colors.textSubtle })}>
          {marks.map((mark) => {
            const percent = ((mark.value - min) / (max - min)) * 100;
            const align = percent <= 0 ? 'translateX(0)' : percent >= 100 ? 'translateX(-100%)' : 'translateX(-50%)';
            return (
              <span key={mark.value} css={{ position: 'absolute', left: `${percent}%`, transform: align, whiteSpace: 'nowrap' }}>
                {mark.label}
              </span>
            );
          })}
        </div>
      ) : null}
    </div>
  );
}
