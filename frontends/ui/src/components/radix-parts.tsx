import { useState, type ComponentProps } from 'react';
import { useToast } from '../toast/toast-store';
import type * as DialogParts from './dialog';
import type * as SheetParts from './sheet';
import type { ConfirmDialog as ConfirmDialogPart } from './confirm-dialog';
import type { Select as SelectPart } from './select';
import type { Slider as SliderPart } from './slider';
import { childrenOf, onFirstUse } from './on-first-use';

/** The Radix-based parts as the design system exports them: each loads on first use. */

const dialog = () => import('./dialog');
const sheet = () => import('./sheet');

export const Dialog = onFirstUse<ComponentProps<typeof DialogParts.Dialog>>(() => dialog().then((m) => m.Dialog));
export const DialogTrigger = onFirstUse<ComponentProps<typeof DialogParts.DialogTrigger>>(
  () => dialog().then((m) => m.DialogTrigger),
  childrenOf,
);
export const DialogClose = onFirstUse<ComponentProps<typeof DialogParts.DialogClose>>(
  () => dialog().then((m) => m.DialogClose),
  childrenOf,
);
export const DialogContent = onFirstUse<ComponentProps<typeof DialogParts.DialogContent>>(() => dialog().then((m) => m.DialogContent));
export const DialogTitle = onFirstUse<ComponentProps<typeof DialogParts.DialogTitle>>(() => dialog().then((m) => m.DialogTitle));
export const DialogDescription = onFirstUse<ComponentProps<typeof DialogParts.DialogDescription>>(() =>
  dialog().then((m) => m.DialogDescription),
);
export const ConfirmDialog = onFirstUse<ComponentProps<typeof ConfirmDialogPart>>(() =>
  import('./confirm-dialog').then((m) => m.ConfirmDialog),
);
export const Sheet = onFirstUse<ComponentProps<typeof SheetParts.Sheet>>(() => sheet().then((m) => m.Sheet), childrenOf);
export const SheetTrigger = onFirstUse<ComponentProps<typeof SheetParts.SheetTrigger>>(
  () => sheet().then((m) => m.SheetTrigger),
  childrenOf,
);
export const SheetClose = onFirstUse<ComponentProps<typeof SheetParts.SheetClose>>(() => sheet().then((m) => m.SheetClose), childrenOf);
export const SheetContent = onFirstUse<ComponentProps<typeof SheetParts.SheetContent>>(() => sheet().then((m) => m.SheetContent));
export const Select = onFirstUse<ComponentProps<typeof SelectPart>>(() => import('./select').then((m) => m.Select));
export const Slider = onFirstUse<ComponentProps<typeof SliderPart>>(() => import('./slider').then((m) => m.Slider));
const LoadedToaster = onFirstUse<Record<string, never>>(() => import('../toast/toaster').then((m) => m.Toaster));

/** The toast region, mounted (and its code loaded) when the first toast is shown; it then stays. */
export function Toaster() {
  const { toasts } = useToast();
  const [needed, setNeeded] = useState(false);
  if (toasts.length > 0 && !needed) setNeeded(true);
  return needed ? <LoadedToaster /> : null;
}
