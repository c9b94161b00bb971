import * as AlertDialog from '@radix-ui/react-alert-dialog';
import type { ReactNode } from 'react';
import { useReturnFocus } from '../focus/use-return-focus';
import { Button } from './button';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  onConfirm: () => void;
  destructive?: boolean;
  /** Keeps the dialog open with a pending confirm button while the action runs. */
  pending?: boolean;
  pendingLabel?: string;
}

/** An alert dialog for actions that need a second thought (e.g. re-recording a voice). */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel = 'Cancel',
  onConfirm,
  destructive,
  pending,
  pendingLabel,
}: ConfirmDialogProps) {
  const returnFocus = useReturnFocus({});
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay
          css={(t) => ({ position: 'fixed', inset: 0, zIndex: 50, background: t.colors.overlay, backdropFilter: 'blur(2px)' })}
        />
        <AlertDialog.Content
          {...returnFocus}
          css={(t) => ({
            position: 'fixed',
            zIndex: 51,
            top: '50%',
            left: '50%',
            transform: 'translate(-50%, -50%)',
            width: 'calc(100vw - 32px)',
            maxWidth: 480,
            display: 'flex',
            flexDirection: 'column',
            gap: 14,
            padding: 24,
            borderRadius: t.radii.lg,
            border: `1px solid ${t.colors.border}`,
            background: t.colors.surfaceRaised,
            boxShadow: t.colors.shadow,
          })}
        >
          <AlertDialog.Title css={{ fontSize: 22 }}>{title}</AlertDialog.Title>
          <AlertDialog.Description asChild>
            <div css={(t) => ({ color: t.colors.textMuted, fontSize: 15, display: 'grid', gap: 8 })}>{description}</div>
          </AlertDialog.Description>
          <div css={{ display: 'flex', flexWrap: 'wrap-reverse', justifyContent: 'flex-end', gap: 12, marginTop: 8 }}>
            <AlertDialog.Cancel asChild>
              <Button variant="outline">{cancelLabel}</Button>
            </AlertDialog.Cancel>
            <Button
              variant={destructive ? 'destructive' : 'primary'}
              loading={pending}
              onClick={(event) => {
                // Stay open while the action is pending; the caller closes on success.
                event.preventDefault();
                onConfirm();
              }}
            >
              {pending && pendingLabel ? pendingLabel : confirmLabel}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
