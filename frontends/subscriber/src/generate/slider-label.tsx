import type { ReactNode } from 'react';

/**
 * A slider's label with its current value at the far end ('Audio Duration … 12m 0s'). The value
 * is hidden from screen readers: the slider itself says it, through its value text.
 */
export function SliderLabel({ label, shown }: { label: ReactNode; shown: string }) {
  return (
    <span css={{ display: 'flex', justifyContent: 'space-between', gap: 12, width: '100%' }}>
      <span>{label}</span>
      <span css={(t) => ({ color: t.colors.accent, fontVariantNumeric: 'tabular-nums' })} aria-hidden>
        {shown}
      </span>
    </span>
  );
}
