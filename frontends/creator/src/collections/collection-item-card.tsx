import { ArrowDown, ArrowUp, Trash2 } from 'lucide-react';
import { TITLE_MAX, TRANSCRIPT_CONTENT_MAX } from '@innerecho/contracts';
import { Field, IconButton, Input, Textarea } from '@innerecho/ui';
import type { DraftItem } from './collection-draft';

export interface CollectionItemCardProps {
  /** The dialog's id prefix; the move buttons' ids keep focus after a move. */
  id: string;
  item: DraftItem;
  index: number;
  count: number;
  onMove: (index: number, direction: 'up' | 'down') => void;
  onRemove: () => void;
  onChange: (values: Partial<DraftItem>) => void;
}

/** One affirmation in the collection editor: its place, move and remove buttons, and its words when new. */
export function CollectionItemCard({ id, item, index, count, onMove, onRemove, onChange }: CollectionItemCardProps) {
  return (
    <li
      aria-label={`Affirmation ${index + 1}`}
      css={(t) => ({ display: 'grid', gap: 8, padding: 12, borderRadius: t.radii.md, background: t.colors.surfaceSunken })}
    >
      <div css={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 8 }}>
        <span css={(t) => ({ fontSize: 13, fontWeight: 600, color: t.colors.textMuted })}>
          {index + 1}. {item.kind === 'pick' ? 'From your library' : 'New text'}
        </span>
        <span css={{ display: 'inline-flex', gap: 2 }}>
          {index > 0 ? (
            <IconButton
              id={`${id}-${item.key}-up`}
              aria-label={`Move “${item.title || `affirmation ${index + 1}`}” up`}
              onClick={() => onMove(index, 'up')}
            >
              <ArrowUp size={18} aria-hidden />
            </IconButton>
          ) : null}
          {index < count - 1 ? (
            <IconButton
              id={`${id}-${item.key}-down`}
              aria-label={`Move “${item.title || `affirmation ${index + 1}`}” down`}
              onClick={() => onMove(index, 'down')}
            >
              <ArrowDown size={18} aria-hidden />
            </IconButton>
          ) : null}
          <IconButton aria-label={`Remove “${item.title || `affirmation ${index + 1}`}”`} onClick={onRemove}>
            <Trash2 size={18} aria-hidden />
          </IconButton>
        </span>
      </div>
      {item.kind === 'pick' ? (
        <p css={{ fontWeight: 600 }}>{item.title}</p>
      ) : (
        <>
          <Field htmlFor={`${id}-${item.key}-title`} label={`Title of affirmation ${index + 1}`}>
            <Input
              id={`${id}-${item.key}-title`}
              value={item.title}
              maxLength={TITLE_MAX}
              onChange={(e) => onChange({ title: e.target.value })}
            />
          </Field>
          <Field htmlFor={`${id}-${item.key}-content`} label={`Words of affirmation ${index + 1}`}>
            <Textarea
              id={`${id}-${item.key}-content`}
              value={item.content}
              rows={3}
              maxLength={TRANSCRIPT_CONTENT_MAX}
              onChange={(e) => onChange({ content: e.target.value })}
            />
          </Field>
        </>
      )}
    </li>
  );
}
