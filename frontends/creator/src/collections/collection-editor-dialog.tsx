import { useEffect, useId, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  COLLECTION_DESCRIPTION_MAX,
  COLLECTION_MAX_TEXTS,
  COLLECTION_TITLE_MAX,
  DEFAULT_CATEGORY,
  ZCollectionInput,
  type CollectionCoverColour,
  type CollectionInput,
  type CreatorCollectionView,
  type TranscriptView,
} from '@innerecho/contracts';
import {
  callApi,
  CountedTextareaField,
  Field,
  LibraryCategoryField,
  FormDialog,
  Input,
  serverErrorMessage,
  toast,
  validInput,
} from '@innerecho/ui';
import { CREATOR_COLLECTIONS_KEY } from './creator-collections-api';
import { AddCollectionItem } from './add-collection-item';
import { draftItems, type DraftItem } from './collection-draft';
import { CollectionItemCard } from './collection-item-card';
import { CoverColourField } from './cover-colour-field';

export interface CollectionEditorDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Edit mode when given; a new collection otherwise. */
  collection: CreatorCollectionView | null;
  /** The creator's library affirmations, to pick from. */
  ownTranscripts: TranscriptView[];
}

/** Writes a collection: its title, description, category and cover, and its affirmations in order (moved with the arrow buttons). */
export function CollectionEditorDialog({ open, onOpenChange, collection, ownTranscripts }: CollectionEditorDialogProps) {
  const id = useId();
  const queryClient = useQueryClient();
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [category, setCategory] = useState<string>(DEFAULT_CATEGORY);
  const [coverColour, setCoverColour] = useState<CollectionCoverColour>('dawn');
  const [items, setItems] = useState<DraftItem[]>([]);
  const [moved, setMoved] = useState<{ key: string; direction: 'up' | 'down' } | null>(null);

  useEffect(() => {
    if (!open) return;
    setTitle(collection?.title ?? '');
    setDescription(collection?.description ?? '');
    setCategory(collection?.category ?? DEFAULT_CATEGORY);
    setCoverColour(collection?.coverColour ?? 'dawn');
    setItems(draftItems(collection, ownTranscripts));
    // Only when the dialog opens: the lists refetching meanwhile must not undo the creator's edits.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, collection]);

  // After a move, the button pressed stays under the keyboard's focus in the item's new place.
  useEffect(() => {
    if (!moved) return;
    document.getElementById(`${id}-${moved.key}-${moved.direction}`)?.focus();
  }, [moved, id]);

  const body = () => ({
    title,
    description,
    category,
    coverColour,
    items: items.map((item) =>
      item.kind === 'pick'
        ? { kind: 'pick' as const, transcriptId: item.transcriptId }
        : {
            kind: 'new' as const,
            ...(item.transcriptId ? { transcriptId: item.transcriptId } : {}),
            title: item.title,
            content: item.content,
          },
    ),
  });

  const save = useMutation({
    mutationFn: (input: CollectionInput) =>
      collection
        ? callApi('PUT /api/creator-collections/:id', { params: { id: collection.id }, body: input })
        : callApi('POST /api/creator-collections', { body: input }),
    onSuccess: async () => {
      toast({ title: 'Collection saved', description: 'Submit it for review when it is ready.', variant: 'success' });
      await queryClient.invalidateQueries({ queryKey: CREATOR_COLLECTIONS_KEY });
      onOpenChange(false);
    },
    onError: (error) =>
      toast({
        title: 'Could not save the collection',
        description: serverErrorMessage(error) ?? 'Please try again',
        variant: 'destructive',
      }),
  });

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const input = validInput(ZCollectionInput, body());
    if (input) save.mutate(input);
  };

  const change = (key: string, values: Partial<DraftItem>) => setItems((all) => all.map((i) => (i.key === key ? { ...i, ...values } : i)));
  const move = (index: number, direction: 'up' | 'down') => {
    const to = direction === 'up' ? index - 1 : index + 1;
    setItems((all) => {
      const next = [...all];
      [next[index], next[to]] = [next[to], next[index]];
      return next;
    });
    // At the top or bottom the button in that direction goes away: keep focus on the other one.
    const edge = direction === 'up' ? to === 0 : to === items.length - 1;
    setMoved({ key: items[index].key, direction: edge ? (direction === 'up' ? 'down' : 'up') : direction });
  };
  const full = items.length >= COLLECTION_MAX_TEXTS;
  const pickable = ownTranscripts.filter((t) => !items.some((i) => i.transcriptId === t.id));

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={collection ? 'Edit collection' : 'New collection'}
      description="A named set of your affirmations, in the order listeners hear them. An admin reviews it before it appears on your page and in the library."
      onSubmit={submit}
      pending={save.isPending}
      submitLabel="Save collection"
      maxWidth={720}
    >
      <Field htmlFor={`${id}-title`} label="Title">
        <Input
          id={`${id}-title`}
          value={title}
          maxLength={COLLECTION_TITLE_MAX}
          onChange={(e) => setTitle(e.target.value)}
          placeholder="e.g. Morning routine"
        />
      </Field>
      <CountedTextareaField
        id={`${id}-description`}
        label="Description"
        value={description}
        onChange={setDescription}
        max={COLLECTION_DESCRIPTION_MAX}
        rows={3}
      />
      <LibraryCategoryField id={`${id}-category`} value={category} onValueChange={setCategory} />
      <CoverColourField name={`${id}-cover`} value={coverColour} onChange={setCoverColour} />

      <section aria-labelledby={`${id}-items-title`} css={{ display: 'grid', gap: 10 }}>
        <h3 id={`${id}-items-title`} css={{ fontSize: 16 }}>
          Affirmations ({items.length} of {COLLECTION_MAX_TEXTS})
        </h3>
        {items.length === 0 ? (
          <p css={(t) => ({ fontSize: 14, color: t.colors.textMuted })}>
            Write new affirmations for this collection, or add ones of yours from the library. Two or more make a session.
          </p>
        ) : (
          <ol css={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 10 }}>
            {items.map((item, index) => (
              <CollectionItemCard
                key={item.key}
                id={id}
                item={item}
                index={index}
                count={items.length}
                onMove={move}
                onRemove={() => setItems((all) => all.filter((i) => i.key !== item.key))}
                onChange={(values) => change(item.key, values)}
              />
            ))}
          </ol>
        )}
        <AddCollectionItem full={full} pickable={pickable} onAdd={(item) => setItems((all) => [...all, item])} />
      </section>
    </FormDialog>
  );
}
