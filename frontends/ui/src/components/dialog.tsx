import { keyframes } from '@emotion/react';
import styled from '@emotion/styled';
import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { useReturnFocus } from '../focus/use-return-focus';

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

const fadeIn = keyframes`from { opacity: 0; } to { opacity: 1; }`;
const popIn = keyframes`
  from { opacity: 0; transform: translate(-50%, -48%) scale(0.98); }
  to { opacity: 1; transform: translate(-50%, -50%) scale(1); }
`;

export const DialogOverlay = styled(DialogPrimitive.Overlay)`
  position: fixed;
  inset: 0;
  z-index: 50;
  background: ${(p) => p.theme.colors.overlay};
  backdrop-filter: blur(2px);
  animation: ${fadeIn} 150ms ease-out;
`;

const Panel = styled(DialogPrimitive.Content)`
  position: fixed;
  z-index: 51;
  top: 50%;
  left: 50%;
  transform: translate(-50%, -50%);
  display: flex;
  flex-direction: column;
  gap: 16px;
  width: calc(100vw - 32px);
  max-width: 560px;
  max-height: calc(100dvh - 48px);
  overflow-y: auto;
  padding: 28px 24px 24px;
  border-radius: ${(p) => p.theme.radii.lg};
  border: 1px solid ${(p) => p.theme.colors.border};
  background: ${(p) => p.theme.colors.surfaceRaised};
  box-shadow: ${(p) => p.theme.colors.shadow};
  animation: ${popIn} 170ms ease-out;
  &:focus {
    outline: none;
  }
`;

export const closeButtonStyles = {
  position: 'absolute',
  top: 12,
  right: 12,
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: 36,
  height: 36,
  border: 0,
  borderRadius: 10,
  background: 'transparent',
  cursor: 'pointer',
} as const;

export type DialogContentProps = ComponentProps<typeof DialogPrimitive.Content> & {
  children: ReactNode;
  /** Hide the corner X when the footer already has a Close/Cancel button. */
  hideCloseButton?: boolean;
};

export function DialogContent({ children, hideCloseButton, onOpenAutoFocus, onCloseAutoFocus, ...rest }: DialogContentProps) {
  const returnFocus = useReturnFocus({ onOpenAutoFocus, onCloseAutoFocus });
  return (
    <DialogPrimitive.Portal>
      <DialogOverlay />
      <Panel {...rest} {...returnFocus}>
        {children}
        {hideCloseButton ? null : (
          // Named "Close dialog" so it never clashes with a footer button named "Close".
          <DialogPrimitive.Close aria-label="Close dialog" css={(t) => ({ ...closeButtonStyles, color: t.colors.textSubtle })}>
            <X size={18} aria-hidden />
          </DialogPrimitive.Close>
        )}
      </Panel>
    </DialogPrimitive.Portal>
  );
}

export const DialogTitle = styled(DialogPrimitive.Title)`
  font-size: 22px;
  padding-right: 32px;
`;

export const DialogDescription = styled(DialogPrimitive.Description)`
  color: ${(p) => p.theme.colors.textMuted};
  font-size: 15px;
`;
