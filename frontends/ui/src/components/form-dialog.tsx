import type { FormEvent, ReactNode } from 'react';
import { Button, type ButtonVariant } from './button';
import { DialogFooter } from './dialog-footer';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from './radix-parts';

export interface FormDialogFooterProps {
  onCancel: () => void;
  /** The submit button's label, and the label it shows while the form is being sent ("Saving..."). */
  submitLabel: ReactNode;
  pendingLabel?: ReactNode;
  pending: boolean;
  /** Disables the submit button (besides while pending), e.g. until a required field is filled. */
  submitDisabled?: boolean;
  submitVariant?: ButtonVariant;
  /** Whether Cancel waits for a pending send to finish. */
  cancelDisabledWhilePending?: boolean;
}

/** A form dialog's Cancel and submit buttons. */
export function FormDialogFooter({
  onCancel,
  submitLabel,
  pendingLabel = 'Saving...',
  pending,
  submitDisabled = false,
  submitVariant,
  cancelDisabledWhilePending = false,
}: FormDialogFooterProps) {
  return (
    <DialogFooter>
      <Button type="button" variant="outline" onClick={onCancel} disabled={cancelDisabledWhilePending && pending}>
        Cancel
      </Button>
      <Button type="submit" variant={submitVariant} loading={pending} disabled={pending || submitDisabled}>
        {pending ? pendingLabel : submitLabel}
      </Button>
    </DialogFooter>
  );
}

export interface FormDialogProps extends Omit<FormDialogFooterProps, 'onCancel'> {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** The dialog's widest width in pixels, for a form with long fields. */
  maxWidth?: number;
  /** The form's fields. */
  children: ReactNode;
}

/** A dialog holding one form: its title and description, the fields, then Cancel and submit. */
export function FormDialog({ open, onOpenChange, title, description, onSubmit, maxWidth, children, ...footer }: FormDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent css={maxWidth ? { maxWidth } : undefined}>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
        <form onSubmit={onSubmit} noValidate css={{ display: 'grid', gap: 16, marginTop: 16 }}>
          {children}
          <FormDialogFooter onCancel={() => onOpenChange(false)} {...footer} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
