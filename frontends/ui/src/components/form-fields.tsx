import { css, type Theme } from '@emotion/react';
import styled from '@emotion/styled';
import type { InputHTMLAttributes, ReactNode, Ref, TextareaHTMLAttributes } from 'react';

/** Shared look for text inputs, textareas and select triggers. */
export const fieldControlStyles = (theme: Theme) => css`
  width: 100%;
  min-height: 44px;
  padding: 10px 14px;
  border-radius: ${theme.radii.md};
  border: 1px solid ${theme.colors.borderStrong};
  background: ${theme.colors.surfaceSunken};
  color: ${theme.colors.text};
  font-size: 15px;
  line-height: 1.5;
  transition:
    border-color ${theme.transition},
    box-shadow ${theme.transition};
  &::placeholder {
    color: ${theme.colors.textSubtle};
  }
  &:hover:not(:disabled) {
    border-color: ${theme.colors.textSubtle};
  }
  &:focus-visible {
    outline: none;
    border-color: ${theme.colors.focusRing};
    box-shadow: 0 0 0 3px ${theme.colors.primarySoft};
  }
  &[aria-invalid='true'] {
    border-color: ${theme.colors.danger};
  }
  &:disabled {
    opacity: 0.6;
    cursor: not-allowed;
  }
`;

export type InputProps = InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> };

export function Input(props: InputProps) {
  return <input css={fieldControlStyles} {...props} />;
}

export type TextareaProps = TextareaHTMLAttributes<HTMLTextAreaElement> & { ref?: Ref<HTMLTextAreaElement> };

export function Textarea(props: TextareaProps) {
  return <textarea css={(theme) => [fieldControlStyles(theme), { minHeight: 140, resize: 'vertical' }]} {...props} />;
}

export const Label = styled.label`
  font-size: 14px;
  font-weight: 600;
  color: ${(p) => p.theme.colors.text};
`;

export interface FieldProps {
  /** id of the control; the label points at it and hint/error describe it. */
  htmlFor: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  children: ReactNode;
}

/**
 * Label, control, hint and error in one column. Give the control
 * `aria-describedby={fieldDescriptionIds(id)}` to have the hint and error read out.
 */
export function Field({ htmlFor, label, hint, error, children }: FieldProps) {
  return (
    <div css={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
      <Label htmlFor={htmlFor}>{label}</Label>
      {children}
      {hint ? (
        <p id={`${htmlFor}-hint`} css={(t) => ({ fontSize: 13, color: t.colors.textSubtle })}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${htmlFor}-error`} role="alert" css={(t) => ({ fontSize: 13, color: t.colors.danger })}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function fieldDescriptionIds(id: string, { hint, error }: { hint?: boolean; error?: boolean }): string | undefined {
  const ids = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

export interface CountedTextareaFieldProps {
  id: string;
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  /** The most characters it takes (the contract's limit), shown as 'n / max characters'. */
  max: number;
  rows?: number;
}

/** A paragraph field with its length shown against its limit, the hint read out with the field. */
export function CountedTextareaField({ id, label, value, onChange, max, rows = 4 }: CountedTextareaFieldProps) {
  return (
    <Field htmlFor={id} label={label} hint={`${value.length} / ${max} characters`}>
      <Textarea
        id={id}
        value={value}
        rows={rows}
        maxLength={max}
        onChange={(e) => onChange(e.target.value)}
        aria-describedby={fieldDescriptionIds(id, { hint: true })}
      />
    </Field>
  );
}
