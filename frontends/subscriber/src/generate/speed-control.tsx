import { Minus, Plus } from 'lucide-react';
import { clampPlaybackSpeed } from '@innerecho/contracts';
import { IconButton } from '@innerecho/ui';
import { SPEED_MAX, SPEED_MIN, SPEED_STEP } from './generation-api';

export interface SpeedControlProps {
  value: number;
  onValueChange: (speed: number) => void;
}

/** Playback speed, 0.5x-2x in steps of 0.05; the buttons are disabled at the bounds. */
export function SpeedControl({ value, onValueChange }: SpeedControlProps) {
  const atMin = value <= SPEED_MIN + 1e-9;
  const atMax = value >= SPEED_MAX - 1e-9;
  return (
    <div role="group" aria-label="Playback speed" css={{ display: 'flex', alignItems: 'center', gap: 12 }}>
      <span css={(t) => ({ fontSize: 14, color: t.colors.textMuted, minWidth: 110 })}>Playback speed</span>
      <IconButton
        variant="outline"
        aria-label="Slower"
        disabled={atMin}
        onClick={() => onValueChange(clampPlaybackSpeed(value - SPEED_STEP))}
      >
        <Minus size={16} aria-hidden />
      </IconButton>
      <output aria-live="polite" css={{ minWidth: 56, textAlign: 'center', fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>
        {value.toFixed(2)}x
      </output>
      <IconButton
        variant="outline"
        aria-label="Faster"
        disabled={atMax}
        onClick={() => onValueChange(clampPlaybackSpeed(value + SPEED_STEP))}
      >
        <Plus size={16} aria-hidden />
      </IconButton>
    </div>
  );
}
