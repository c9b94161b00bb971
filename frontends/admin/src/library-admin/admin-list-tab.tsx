import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { ConfirmDialog, toast } from '@innerecho/ui';
import { toastFailure } from './mutation-toasts';

/** The row an admin list's dialog edits (null: a new one), and whether the dialog is open. */
export function useEditDialog<T>() {
  const [editing, setEditing] = useState<T | null>(null);
  const [open, setOpen] = useState(false);
  const openFor = (item: T | null) => {
    setEditing(item);
    setOpen(true);
  };
  return { editing, open, setOpen, openFor };
}

/**
 * Deleting a row of an admin list: the row the admin is asked about, then the DELETE once
 * confirmed, a toast either way, and `onDeleted` to bring the screen up to date.
 */
export function useConfirmedDelete<T>(options: {
  remove: (item: T) => Promise<unknown>;
  deletedTitle: string;
  failureTitle: string;
  onDeleted: (item: T) => Promise<unknown>;
}) {
  const [asking, setAsking] = useState<T | null>(null);
  const mutation = useMutation({
    mutationFn: options.remove,
    onSuccess: async (_answer, item) => {
      toast({ title: options.deletedTitle, variant: 'success' });
      setAsking(null);
      await options.onDeleted(item);
    },
    onError: (error) => toastFailure(options.failureTitle, error),
  });
  return { asking, ask: setAsking, mutation };
}

export interface DeleteConfirmDialogProps<T> {
  deletion: ReturnType<typeof useConfirmedDelete<T>>;
  title: string;
  /** What deleting this row does, in the admin's words. */
  describe: (item: T) => string;
}

/** "Delete this …?": Delete (Deleting... while it runs) or Cancel. */
export function DeleteConfirmDialog<T>({ deletion, title, describe }: DeleteConfirmDialogProps<T>) {
  const { asking, ask, mutation } = deletion;
  return (
    <ConfirmDialog
      open={asking !== null}
      onOpenChange={(open) => !open && ask(null)}
      title={title}
      description={asking ? describe(asking) : ''}
      confirmLabel="Delete"
      pendingLabel="Deleting..."
      pending={mutation.isPending}
      destructive
      onConfirm={() => asking && mutation.mutate(asking)}
    />
  );
}
