import { TITLE_MAX } from '@innerecho/contracts';
import { Field, Input } from '@innerecho/ui';

export interface TitleFieldProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  /** An example title ("e.g. Morning Light"). */
  placeholder: string;
}

/** The title of a transcript or a music track, no longer than the library takes. */
export function TitleField({ id, value, onChange, placeholder }: TitleFieldProps) {
  return (
    <Field htmlFor={id} label="Title">
      <Input id={id} value={value} maxLength={TITLE_MAX} onChange={(e) => onChange(e.target.value)} placeholder={placeholder} />
    </Field>
  );
}
