import { useEffect, useId, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  CUSTOM_CATEGORIES,
  CUSTOM_CONTENT_MAX,
  TITLE_MAX,
  ZCustomAffirmationInput,
  type CustomAffirmationInput,
  customAffirmationRef,
  type CustomAffirmationView,
} from '@innerecho/contracts';
import { Field, Input, Select, Textarea, fieldDescriptionIds, serverErrorMessage, toast, validInput, FormDialog } from '@innerecho/ui';
import { affirmationQueryKey } from '../generate/affirmation-text';
import { MY_AFFIRMATIONS_QUERY_KEY, updateCustomAffirmation } from './custom-affirmations-api';

export interface EditAffirmationDialogProps {
  /** The affirmation being edited; the dialog is closed while null. */
  affirmation: CustomAffirmationView | null;
  onClose: () => void;
}

const CATEGORY_OPTIONS = CUSTOM_CATEGORIES.map((c) => ({ value: c, label: c }));

/**
 * Edits one of the listener's own affirmations with the rules of writing one. Audio already
 * generated from it keeps the words it was made with; the next generation speaks the new ones.
 */
export function EditAffirmationDialog({ affirmation, onClose }: EditAffirmationDialogProps) {
  const id = useId();
  const queryClient = useQueryClient();
  const [form, setForm] = useState({ title: '', content: '', category: '' });
  useEffect(() => {
    if (affirmation) setForm({ title: affirmation.title, content: affirmation.content, category: affirmation.category });
  }, [affirmation]);

  const save = useMutation({
    mutationFn: (input: CustomAffirmationInput) => updateCustomAffirmation(affirmation!.id, input),
    onSuccess: (saved) => {
      toast({ title: 'Affirmation updated', description: 'New audio you generate from it speaks these words.', variant: 'success' });
      queryClient.setQueryData(MY_AFFIRMATIONS_QUERY_KEY, (list: CustomAffirmationView[] | undefined) =>
        list?.map((a) => (a.id === saved.id ? saved : a)),
      );
      queryClient.setQueryData(affirmationQueryKey(customAffirmationRef(saved.id)), saved);
      onClose();
    },
    onError: (error) =>
      toast({ title: 'Your changes were not saved', description: serverErrorMessage(error) || 'Please try again', variant: 'destructive' }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = validInput(ZCustomAffirmationInput, { title: form.title.trim(), content: form.content.trim(), category: form.category });
    if (input) save.mutate(input);
  };

  return (
    <FormDialog
      open={affirmation !== null}
      onOpenChange={(open) => !open && !save.isPending && onClose()}
      title="Edit Affirmation"
      description="Audio you already generated keeps its words; new audio speaks these."
      onSubmit={submit}
      maxWidth={640}
      pending={save.isPending}
      submitLabel="Save Changes"
      cancelDisabledWhilePending
    >
      <Field htmlFor={`${id}-title`} label="Title">
        <Input
          id={`${id}-title`}
          value={form.title}
          maxLength={TITLE_MAX}
          onChange={(e) => setForm((f) => ({ ...f, title: e.target.value }))}
        />
      </Field>
      <Field htmlFor={`${id}-category`} label="Category">
        <Select
          id={`${id}-category`}
          value={form.category}
          onValueChange={(category) => setForm((f) => ({ ...f, category }))}
          options={CATEGORY_OPTIONS}
        />
      </Field>
      <Field htmlFor={`${id}-content`} label="Affirmation" hint={`${form.content.length} / ${CUSTOM_CONTENT_MAX} characters`}>
        <Textarea
          id={`${id}-content`}
          value={form.content}
          maxLength={CUSTOM_CONTENT_MAX}
          rows={7}
          aria-describedby={fieldDescriptionIds(`${id}-content`, { hint: true })}
          onChange={(e) => setForm((f) => ({ ...f, content: e.target.value }))}
        />
      </Field>
    </FormDialog>
  );
}
