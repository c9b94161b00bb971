import type { Ref } from 'react';
import { Input } from './form-fields';
import { visuallyHidden } from './layout';

export interface LinkFieldProps {
  id: string;
  /** The field's name for screen readers ("Referral link"); the card or dialog says it to everyone else. */
  label: string;
  value: string;
  ref?: Ref<HTMLInputElement>;
  className?: string;
}

/** A link to copy: read-only, in the monospace font, selected whole when focused. */
export function LinkField({ id, label, value, ref, className }: LinkFieldProps) {
  return (
    <>
      <label htmlFor={id} css={visuallyHidden}>
        {label}
      </label>
      <Input
        id={id}
        ref={ref}
        readOnly
        value={value}
        onFocus={(e) => e.currentTarget.select()}
        className={className}
        css={(t) => ({ fontFamily: t.fonts.mono })}
      />
    </>
  );
}
