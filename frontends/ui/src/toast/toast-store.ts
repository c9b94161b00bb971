import { useSyncExternalStore, type ReactNode } from 'react';

/**
 * A tiny store behind `toast()`. It is module state on purpose: @innerecho/ui is a
 * federation singleton, so a remote calling `toast()` reaches the one <Toaster> the
 * shell renders. One toast at a time; a dismissed toast is kept for
 * 1,000,000 ms before it is dropped (it is closed and invisible by then).
 */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;

export type ToastVariant = 'default' | 'destructive' | 'success';

export interface ToastOptions {
  title?: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
  /** Overrides the 5000 ms auto-dismiss for this toast. */
  duration?: number;
}

export interface ToastItem extends ToastOptions {
  id: string;
  open: boolean;
}

let toasts: ToastItem[] = [];
let counter = 0;
const listeners = new Set<() => void>();
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();

function emit(next: ToastItem[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

function scheduleRemoval(id: string) {
  if (removalTimers.has(id)) return;
  removalTimers.set(
    id,
    setTimeout(() => {
      removalTimers.delete(id);
      emit(toasts.filter((item) => item.id !== id));
    }, TOAST_REMOVE_DELAY_MS),
  );
}

export function dismissToast(id?: string): void {
  for (const item of toasts) if (id === undefined || item.id === id) scheduleRemoval(item.id);
  emit(toasts.map((item) => (id === undefined || item.id === id ? { ...item, open: false } : item)));
}

export interface ToastHandle {
  id: string;
  dismiss: () => void;
  update: (options: ToastOptions) => void;
}

export function toast(options: ToastOptions): ToastHandle {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = `toast-${counter}`;
  // The newest toast replaces the previous one (limit 1).
  emit([{ ...options, id, open: true }, ...toasts].slice(0, TOAST_LIMIT));
  return {
    id,
    dismiss: () => dismissToast(id),
    update: (next) => emit(toasts.map((item) => (item.id === id ? { ...item, ...next } : item))),
  };
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getSnapshot = () => toasts;

export function useToast() {
  const current = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  return { toasts: current, toast, dismiss: dismissToast };
}
