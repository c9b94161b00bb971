import type { CreatorCollectionView, TranscriptView } from '@innerecho/contracts';

/** One affirmation of a collection while the editor has it open. */
export interface DraftItem {
  /** Stable while the list is edited (React key, focus after a move). */
  key: string;
  kind: 'pick' | 'new';
  transcriptId?: string;
  title: string;
  content: string;
}

let nextKey = 0;
export const newKey = () => `item-${nextKey++}`;

export function draftItems(collection: CreatorCollectionView | null, own: TranscriptView[]): DraftItem[] {
  return (collection?.items ?? []).map((item) => {
    const picked = item.kind === 'pick' ? own.find((t) => t.id === item.transcriptId) : undefined;
    return {
      key: newKey(),
      kind: item.kind,
      transcriptId: item.transcriptId,
      title: item.title ?? picked?.title ?? 'One of your affirmations',
      content: item.content ?? picked?.content ?? '',
    };
  });
}
