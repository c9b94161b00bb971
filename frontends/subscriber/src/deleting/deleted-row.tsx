import { RotateCcw, Trash2 } from 'lucide-react';
import { Button, Card } from '@innerecho/ui';
import { undoDelete, UNDO_WINDOW_MS } from './undoable-delete';

export interface DeletedRowProps {
  /** The DELETE path waiting in its undo window. */
  path: string;
  /** What was deleted ('Morning Calm'). */
  label: string;
  /** What kind of thing, for the sentence ('saved affirmation', 'affirmation'). */
  kind: string;
}

/**
 * Stands in a list where a deleted item was, for the few seconds its delete can still be taken
 * back. In the list rather than in a toast: a later toast would replace it, and the Undo would
 * be gone before its time.
 */
export function DeletedRow({ path, label, kind }: DeletedRowProps) {
  return (
    <Card
      as="li"
      css={(t) => ({
        flexDirection: 'row',
        flexWrap: 'wrap',
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: 12,
        padding: '14px 18px',
        background: t.colors.surfaceSunken,
        borderStyle: 'dashed',
      })}
    >
      <p
        role="status"
        css={(t) => ({
          margin: 0,
          display: 'flex',
          alignItems: 'flex-start',
          gap: 10,
          color: t.colors.textMuted,
          flex: '1 1 220px',
          minWidth: 0,
        })}
      >
        <Trash2 size={16} aria-hidden css={{ flexShrink: 0, marginTop: 3 }} />
        <span css={{ overflowWrap: 'anywhere' }}>
          Deleted the {kind} &ldquo;{label}&rdquo;. You can undo this for {Math.round(UNDO_WINDOW_MS / 1000)} seconds.
        </span>
      </p>
      <Button size="sm" variant="outline" onClick={() => undoDelete(path)} aria-label={`Undo deleting ${label}`}>
        <RotateCcw size={16} aria-hidden />
        Undo
      </Button>
    </Card>
  );
}
