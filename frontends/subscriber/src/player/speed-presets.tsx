import { Button } from '@innerecho/ui';

/** The speeds people listen at, one tap each; the − and + beside them move in steps of 0.05. */
export const SPEED_PRESETS = [0.75, 1, 1.25, 1.5, 2] as const;

export interface SpeedPresetsProps {
  value: number;
  onValueChange: (speed: number) => void;
}

export function SpeedPresets({ value, onValueChange }: SpeedPresetsProps) {
  return (
    <div role="group" aria-label="Speed presets" css={{ display: 'flex', flexWrap: 'wrap', gap: 6 }}>
      {SPEED_PRESETS.map((speed) => {
        const chosen = Math.abs(value - speed) < 1e-9;
        return (
          <Button
            key={speed}
            size="sm"
            variant={chosen ? 'primary' : 'outline'}
            aria-pressed={chosen}
            aria-label={`${speed}x speed`}
            onClick={() => onValueChange(speed)}
            css={{ minWidth: 52, paddingInline: 10, fontVariantNumeric: 'tabular-nums' }}
          >
            {speed}x
          </Button>
        );
      })}
    </div>
  );
}
