import { useRef } from 'react';

interface FocusEventLike {
  defaultPrevented: boolean;
  preventDefault(): void;
}

/**
 * Handlers for a Radix dialog's content that put keyboard focus back on the element that had
 * it when the dialog opened. Radix returns focus to its own Trigger only; dialogs opened from
 * state (a card's "View Full Content", a confirm step) have none, and focus would fall back to
 * the top of the page.
 */
export function useReturnFocus<E extends FocusEventLike>(handlers: {
  onOpenAutoFocus?: (e: E) => void;
  onCloseAutoFocus?: (e: E) => void;
}) {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: (event: E) => {
      // Called before focus moves into the dialog: the active element is still the opener.
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
      handlers.onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus: (event: E) => {
      handlers.onCloseAutoFocus?.(event);
      if (event.defaultPrevented) return;
      const target = opener.current;
      opener.current = null;
      if (target?.isConnected) {
        event.preventDefault();
        target.focus({ preventScroll: true });
      }
    },
  };
}
