import { useEffect, useId, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  DEFAULT_CATEGORY,
  TRANSCRIPT_CONTENT_MAX,
  ZTranscriptInput,
  type TranscriptInput,
  type CreatorProfileView,
  type TranscriptView,
} from '@innerecho/contracts';
import {
  apiQueryKeyOfAll,
  callApi,
  CountedTextareaField,
  Field,
  LibraryCategoryField,
  Select,
  toast,
  validInput,
  FormDialog,
} from '@innerecho/ui';
import { toastFailure } from './mutation-toasts';
import { TitleField } from './title-field';

export interface TranscriptEditDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Edit mode when given; add mode otherwise. */
  transcript: TranscriptView | null;
  creators: CreatorProfileView[];
  /** The saved transcript's id, so the table can show it first. */
  onSaved?: (id: string) => void;
}

const NO_CREATOR = 'none';

export function TranscriptEditDialog({ open, onOpenChange, transcript, creators, onSaved }: TranscriptEditDialogProps) {
  const id = useId();
  const queryClient = useQueryClient();
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  const [category, setCategory] = useState<string>(DEFAULT_CATEGORY);
  const [creatorId, setCreatorId] = useState(NO_CREATOR);

  useEffect(() => {
    if (!open) return;
    setTitle(transcript?.title ?? '');
    setContent(transcript?.content ?? '');
    setCategory(transcript?.category ?? DEFAULT_CATEGORY);
    setCreatorId(transcript?.creatorId ?? NO_CREATOR);
  }, [open, transcript]);

  const body = () => ({ title: title.trim(), content: content.trim(), category, creatorId: creatorId === NO_CREATOR ? null : creatorId });

  const save = useMutation({
    mutationFn: (input: TranscriptInput) =>
      transcript
        ? callApi('PUT /api/transcripts/:id', { params: { id: transcript.id }, body: input })
        : callApi('POST /api/transcripts', { body: input }),
    onSuccess: async (saved) => {
      onSaved?.(saved.id);
      toast({ title: transcript ? 'Transcript updated' : 'Transcript created', variant: 'success' });
      await queryClient.invalidateQueries({ queryKey: apiQueryKeyOfAll('GET /api/transcripts') });
      onOpenChange(false);
    },
    onError: (error) => toastFailure(transcript ? 'Could not update the transcript' : 'Could not create the transcript', error),
  });

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const input = validInput(ZTranscriptInput, body());
    if (input) save.mutate(input);
  };

  const creatorOptions = [{ value: NO_CREATOR, label: 'No Creator' }, ...creators.map((c) => ({ value: c.id, label: c.name }))];
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={transcript ? 'Edit Transcript' : 'Add Transcript'}
      description={`Library affirmations are read in each listener’s own voice. First person, present tense works best.`}
      onSubmit={submit}
      pending={save.isPending}
      submitLabel={transcript ? 'Save Changes' : 'Add Transcript'}
    >
      <TitleField id={`${id}-title`} value={title} onChange={setTitle} placeholder="e.g. I Believe in Myself" />
      <LibraryCategoryField id={`${id}-category`} value={category} onValueChange={setCategory} />
      <Field htmlFor={`${id}-creator`} label="Creator">
        <Select id={`${id}-creator`} value={creatorId} onValueChange={setCreatorId} options={creatorOptions} />
      </Field>
      <CountedTextareaField
        id={`${id}-content`}
        label="Content"
        value={content}
        onChange={setContent}
        max={TRANSCRIPT_CONTENT_MAX}
        rows={7}
      />
    </FormDialog>
  );
}
