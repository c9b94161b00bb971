import type { ChangeEvent } from 'react';

/** A session lasts a total length, or a number of repetitions of each affirmation. */
export type SessionLengthKind = 'minutes' | 'repetitions';

export interface SessionLengthChoiceProps {
  value: SessionLengthKind;
  onChange: (kind: SessionLengthKind) => void;
  disabled: boolean;
}

/** Chooses how the session's length is set: a total length or repetitions per affirmation. */
export function SessionLengthChoice({ value: kind, onChange, disabled: pending }: SessionLengthChoiceProps) {
  return (
    <fieldset css={{ border: 0, margin: 0, padding: 0, display: 'grid', gap: 10, minWidth: 0 }}>
      <legend css={{ fontWeight: 600, fontSize: 15, marginBottom: 8, padding: 0 }}>Session length</legend>
      <div css={{ display: 'flex', flexWrap: 'wrap', gap: '8px 20px' }}>
        {(
          [
            ['minutes', 'Total length'],
            ['repetitions', 'Repetitions per affirmation'],
          ] as const
        ).map(([value, label]) => (
          <label key={value} css={{ display: 'inline-flex', alignItems: 'center', gap: 8, minHeight: 36, cursor: 'pointer' }}>
            <input
              type="radio"
              name="session-length"
              value={value}
              checked={value === kind}
              disabled={pending}
              onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(event.target.value as SessionLengthKind)}
              css={(t) => ({ width: 18, height: 18, accentColor: t.colors.primary })}
            />
            {label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
