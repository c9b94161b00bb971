import { Plus } from 'lucide-react';
import type { TranscriptView } from '@innerecho/contracts';
import { Button, Select } from '@innerecho/ui';
import { newKey, type DraftItem } from './collection-draft';

export interface AddCollectionItemProps {
  /** The collection holds as many affirmations as it may. */
  full: boolean;
  /** The creator's library affirmations not yet in the collection. */
  pickable: TranscriptView[];
  onAdd: (item: DraftItem) => void;
}

/** Adds an affirmation to the collection: a new one to write, or one of the creator's own. */
export function AddCollectionItem({ full, pickable, onAdd }: AddCollectionItemProps) {
  return (
    <div css={{ display: 'flex', flexWrap: 'wrap', gap: 10, alignItems: 'center' }}>
      <Button variant="outline" disabled={full} onClick={() => onAdd({ key: newKey(), kind: 'new', title: '', content: '' })}>
        <Plus size={18} aria-hidden />
        Write a new affirmation
      </Button>
      {pickable.length > 0 ? (
        <div css={{ minWidth: 240, flex: '1 1 240px' }}>
          <Select
            aria-label="Add one of your affirmations"
            value=""
            placeholder="Add one of your affirmations"
            disabled={full}
            onValueChange={(transcriptId) => {
              const picked = pickable.find((t) => t.id === transcriptId);
              if (picked) onAdd({ key: newKey(), kind: 'pick', transcriptId, title: picked.title, content: picked.content });
            }}
            options={pickable.map((t) => ({ value: t.id, label: t.title }))}
          />
        </div>
      ) : null}
    </div>
  );
}
