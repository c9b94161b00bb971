import { useEffect, useId, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import {
  COLLECTION_COVER_COLOURS,
  COLLECTION_DESCRIPTION_MAX,
  COLLECTION_MAX_TEXTS,
  COLLECTION_TITLE_MAX,
  DEFAULT_CATEGORY,
  TITLE_MAX,
  TRANSCRIPT_CONTENT_MAX,
  ZCollectionInput,
  type CollectionCoverColour,
  type CollectionInput,
  type CreatorCollectionView,
  type TranscriptView,
} from '@innerecho/contracts';
import {
  callApi,
  Button,
  COLLECTION_COVER_LOOKS,
  CountedTextareaField,
  Field,
  LibraryCategoryField,
  FormDialog,
  IconButton,
  Input,
  Select,
  serverErrorMessage,
  Textarea,
  toast,
  validInput,
  visuallyHidden,
} from '@innerecho/ui';
import { CREATOR_COLLECTIONS_KEY } from './creator-collections-api';

export interface CollectionEditorDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Edit mode when given; a new collection otherwise. */
  collection: CreatorCollectionView | null;
  /** The creator's library affirmations, to pick from. */
  ownTranscripts: TranscriptView[];
}

interface DraftItem {
  /** Stable while the list is edited (React key, focus after a move). */
  key: string;
  kind: 'pick' | 'new';
  transcriptId?: string;
  title: string;
  content: string;
}

let nextKey = 0;
const newKey = () => `item-${nextKey++}`;

function draftItems(collection: CreatorCollectionView | null, own: TranscriptView[]): DraftItem[] {
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
      <fieldset css={{ border: 0, padding: 0, margin: 0, display: 'grid', gap: 8 }}>
        <legend css={{ fontSize: 14, fontWeight: 600, marginBottom: 8 }}>Cover colour</legend>
        <div css={{ display: 'flex', flexWrap: 'wrap', gap: 10 }}>
          {COLLECTION_COVER_COLOURS.map((colour) => {
            const look = COLLECTION_COVER_LOOKS[colour];
            return (
              <label
                key={colour}
                css={(t) => ({
                  display: 'inline-flex',
                  alignItems: 'center',
                  gap: 8,
                  padding: '6px 12px 6px 6px',
                  borderRadius: t.radii.pill,
                  border: `2px solid ${coverColour === colour ? t.colors.primary : t.colors.border}`,
                  cursor: 'pointer',
                  fontSize: 14,
                  '&:focus-within': { outline: `2px solid ${t.colors.focusRing}`, outlineOffset: 2 },
                })}
              >
                <input
                  type="radio"
                  name={`${id}-cover`}
                  value={colour}
                  checked={coverColour === colour}
                  onChange={() => setCoverColour(colour)}
                  css={visuallyHidden}
                />
                <span
                  aria-hidden
                  css={{ width: 24, height: 24, borderRadius: '50%', background: `linear-gradient(135deg, ${look.from}, ${look.to})` }}
                />
                {look.label}
              </label>
            );
          })}
        </div>
      </fieldset>

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
              <li
                key={item.key}
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
                        onClick={() => move(index, 'up')}
                      >
                        <ArrowUp size={18} aria-hidden />
                      </IconButton>
                    ) : null}
                    {index < items.length - 1 ? (
                      <IconButton
                        id={`${id}-${item.key}-down`}
                        aria-label={`Move “${item.title || `affirmation ${index + 1}`}” down`}
                        onClick={() => move(index, 'down')}
                      >
                        <ArrowDown size={18} aria-hidden />
                      </IconButton>
                    ) : null}
                    <IconButton
                      aria-label={`Remove “${item.title || `affirmation ${index + 1}`}”`}
                      onClick={() => setItems((all) => all.filter((i) => i.key !== item.key))}
                    >
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
                        onChange={(e) => change(item.key, { title: e.target.value })}
                      />
                    </Field>
                    <Field htmlFor={`${id}-${item.key}-content`} label={`Words of affirmation ${index + 1}`}>
                      <Textarea
                        id={`${id}-${item.key}-content`}
                        value={item.content}
                        rows={3}
                        maxLength={TRANSCRIPT_CONTENT_MAX}
                        onChange={(e) => change(item.key, { content: e.target.value })}
                      />
                    </Field>
                  </>
                )}
              </li>
            ))}
          </ol>
        )}
        <div css={{ display: 'flex', flexWrap: 'wrap', gap: 10, alignItems: 'center' }}>
          <Button
            variant="outline"
            disabled={full}
            onClick={() => setItems((all) => [...all, { key: newKey(), kind: 'new', title: '', content: '' }])}
          >
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
                  const picked = ownTranscripts.find((t) => t.id === transcriptId);
                  if (picked)
                    setItems((all) => [
                      ...all,
                      { key: newKey(), kind: 'pick', transcriptId, title: picked.title, content: picked.content },
                    ]);
                }}
                options={pickable.map((t) => ({ value: t.id, label: t.title }))}
              />
            </div>
          ) : null}
        </div>
      </section>
    </FormDialog>
  );
}
