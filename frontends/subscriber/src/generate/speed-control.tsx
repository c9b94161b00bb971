import { Minus, Plus } from 'lucide-react';
import { IconButton } from '@innerecho/ui';
import { SPEED_MAX, SPEED_MIN, SPEED_STEP } from './generation-api';

export interface SpeedControlProps {
  value: number;
  onValueChange: (speed: number) => void;
}

/** Rounds to the 0.05 grid so repeated steps never drift (0.1 + 0.2 ...). */
export const clampSpeed = (speed: number) => Math.min(SPEED_MAX, Math.max(SPEED_MIN, Math.round(speed / SPEED_STEP) * SPEED_STEP));

/** Playback speed, 0.5x-2x in steps of 0.05; the buttons are disabled at the bounds. */
export function SpeedControl({ value, onValueChange }: SpeedControlProps) {
  const atMin = value <= SPEED_MIN + 1e-9;
  const atMax = value >= SPEED_MAX - 1e-9;
  return (
    <div role="group" aria-label="Playback speed" css={{ display: 'flex', alignItems: 'center', gap: 12 }}>
      <span css={(t) => ({ fontSize: 14, color: t.colors.textMuted, minWidth: 110 })}>Playback speed</span>
      <IconButton variant="outline" aria-label="Slower" disabled={atMin} onClick={() => onValueChange(clampSpeed(value - SPEED_STEP))}>
        <Minus size={16} aria-hidden />
      </IconButton>
      <output aria-live="polite" css={{ minWidth: 56, textAlign: 'center', fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>
        {value.toFixed(2)}x
      </output>
      <IconButton variant="outline" aria-label="Faster" disabled={atMax} onClick={() => onValueChange(clampSpeed(value + SPEED_STEP))}>
        <Plus size={16} aria-hidden />
      </IconButton>
    </div>
  );
}
