import { keyframes } from '@emotion/react';
import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { DialogOverlay, closeButtonStyles } from './dialog';

export const Sheet = DialogPrimitive.Root;
export const SheetTrigger = DialogPrimitive.Trigger;
export const SheetClose = DialogPrimitive.Close;

const slideFromRight = keyframes`from { transform: translateX(100%); } to { transform: translateX(0); }`;
const slideFromLeft = keyframes`from { transform: translateX(-100%); } to { transform: translateX(0); }`;

export interface SheetContentProps {
  side?: 'left' | 'right';
  /** Accessible title of the panel (shown as its heading). */
  title: ReactNode;
  description?: ReactNode;
  /** Accessible name of the corner close button. */
  closeLabel?: string;
  children: ReactNode;
}

/** A side panel built on the Radix dialog: focus trap, Escape and outside click close it. */
export function SheetContent({ side = 'right', title, description, closeLabel = 'Close', children }: SheetContentProps) {
  return (
    <DialogPrimitive.Portal>
      <DialogOverlay />
      <DialogPrimitive.Content
        // Without a description Radix expects aria-describedby to be explicitly unset.
        {...(description ? {} : { 'aria-describedby': undefined })}
        css={(t) => ({
          position: 'fixed',
          zIndex: 51,
          top: 0,
          bottom: 0,
          [side]: 0,
          width: 'min(320px, 86vw)',
          display: 'flex',
          flexDirection: 'column',
          gap: 20,
          padding: '20px 20px 28px',
          background: t.colors.surfaceRaised,
          borderLeft: side === 'right' ? `1px solid ${t.colors.border}` : undefined,
          borderRight: side === 'left' ? `1px solid ${t.colors.border}` : undefined,
          boxShadow: t.colors.shadow,
          overflowY: 'auto',
          animation: `${side === 'right' ? slideFromRight : slideFromLeft} 200ms cubic-bezier(0.2, 0.8, 0.2, 1)`,
          '&:focus': { outline: 'none' },
        })}
      >
        <DialogPrimitive.Title css={{ fontSize: 20, paddingRight: 40, minHeight: 36, display: 'flex', alignItems: 'center' }}>
          {title}
        </DialogPrimitive.Title>
        {description ? (
          <DialogPrimitive.Description css={(t) => ({ color: t.colors.textMuted, fontSize: 14 })}>
            {description}
          </DialogPrimitive.Description>
        ) : null}
        {children}
        <DialogPrimitive.Close
          aria-label={closeLabel}
          css={(t) => ({ ...closeButtonStyles, top: 20, right: 16, color: t.colors.textMuted })}
        >
          <X size={20} aria-hidden />
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}
