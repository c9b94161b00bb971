import type { Ref } from 'react';
import { Input } from './form-fields';
import { visuallyHidden } from './layout';

export interface LinkFieldProps {
  id: string;
  /** The field's name ("Referral link"): for screen readers only, where the card or dialog says it to everyone else. */
  label: string;
  /** Shows the label beside the field, where nothing around it says what the link is. */
  showLabel?: boolean;
  value: string;
  ref?: Ref<HTMLInputElement>;
  className?: string;
}

/** A link to copy: read-only, in the monospace font, selected whole when focused. */
export function LinkField({ id, label, showLabel = false, value, ref, className }: LinkFieldProps) {
  return (
    <>
      <label htmlFor={id} css={showLabel ? { fontSize: 14, fontWeight: 600 } : visuallyHidden}>
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
