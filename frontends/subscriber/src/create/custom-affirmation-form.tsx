import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  CUSTOM_CATEGORIES,
  CUSTOM_CONTENT_MAX,
  DEFAULT_CATEGORY,
  TITLE_MAX,
  ZCustomAffirmationInput,
  type CustomAffirmationInput,
  customAffirmationRef,
} from '@innerecho/contracts';
import {
  Button,
  Card,
  Field,
  Input,
  Select,
  Textarea,
  callApi,
  fieldDescriptionIds,
  getSessionId,
  serverErrorMessage,
  toast,
  validInput,
  useNavigate,
} from '@innerecho/ui';
import { affirmationQueryKey, type GenerateNavigationState } from '../generate/affirmation-text';
import { DurationSlider, durationWithinAllowance } from '../generate/duration-slider';
import { DURATION_DEFAULT, DURATION_MIN } from '../generate/generation-api';
import { longestDurationToday, renewalPhrase, useDailyAllowance } from '../generate/use-daily-allowance';
import { MY_AFFIRMATIONS_QUERY_KEY } from '../mine/custom-affirmations-api';
import { useVoiceProfile } from '../voice/use-voice-profile';

export type CustomAffirmationFormProps = Record<string, never>;

const CATEGORY_OPTIONS = CUSTOM_CATEGORIES.map((c) => ({ value: c, label: c }));

/**
 * Title, category, content with its 'n / 2000 characters' counter, and the duration (within
 * today's allowance). Save & Generate Audio saves the affirmation, then opens its generate page,
 * which starts generating at once with that duration (or, without a voice yet, asks for one and
 * comes back). With today's hour used up it says so and saves the affirmation for later,
 * leading to My Affirmations rather than to a page that cannot generate.
 */
export function CustomAffirmationForm(_props: CustomAffirmationFormProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const voice = useVoiceProfile();
  const allowance = useDailyAllowance();
  const [title, setTitle] = useState('');
  const [category, setCategory] = useState<string>(DEFAULT_CATEGORY);
  const [content, setContent] = useState('');
  const [duration, setDuration] = useState(DURATION_DEFAULT);
  const hourUsedUp = allowance.isSuccess && longestDurationToday(allowance.data) < DURATION_MIN;

  const save = useMutation({
    mutationFn: (input: CustomAffirmationInput) =>
      callApi('POST /api/custom-affirmations', { body: { sessionId: getSessionId(), ...input } }),
    onSuccess: (created) => {
      toast({ title: 'Affirmation created', description: 'Your custom affirmation has been saved', variant: 'success' });
      // The generate page shows the title and words at once, without asking for them again.
      queryClient.setQueryData(affirmationQueryKey(customAffirmationRef(created.id)), created);
      void queryClient.invalidateQueries({ queryKey: MY_AFFIRMATIONS_QUERY_KEY });
      if (hourUsedUp) {
        void navigate('/affirmations?tab=mine');
        return;
      }
      const state: GenerateNavigationState = { generateNow: true };
      void navigate(`/generate/${customAffirmationRef(created.id)}?duration=${durationWithinAllowance(duration, allowance.data)}`, {
        state,
      });
    },
    onError: (error) => {
      toast({
        title: 'Failed to create affirmation',
        description: serverErrorMessage(error) || 'Please try again',
        variant: 'destructive',
      });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = validInput(ZCustomAffirmationInput, { title: title.trim(), content: content.trim(), category });
    if (input) save.mutate(input);
  };

  const needsVoice = !voice.isLoading && !voice.isCloned;
  const label = save.isPending
    ? 'Saving...'
    : voice.isLoading
      ? 'Loading...'
      : needsVoice
        ? 'Save & Record My Voice'
        : hourUsedUp
          ? 'Save for Later'
          : 'Save & Generate Audio';
  return (
    <Card as="form" onSubmit={submit} css={{ display: 'grid', gap: 22 }}>
      {needsVoice ? (
        <p
          role="note"
          css={(t) => ({
            margin: 0,
            padding: '12px 14px',
            borderRadius: t.radii.md,
            background: t.colors.surfaceSunken,
            border: `1px solid ${t.colors.border}`,
            color: t.colors.textMuted,
            fontSize: 15,
          })}
        >
          Your affirmation is spoken in your own voice, which you have not recorded yet. Write it here: it is saved to My Affirmations, then
          you record your voice (about 30 seconds) and come straight back to generate it.
        </p>
      ) : null}
      <Field htmlFor="affirmation-title" label="Title">
        <Input
          id="affirmation-title"
          value={title}
          maxLength={TITLE_MAX}
          placeholder="e.g. My Morning Calm"
          onChange={(e) => setTitle(e.target.value)}
        />
      </Field>
      <Field htmlFor="affirmation-category" label="Category">
        <Select id="affirmation-category" value={category} onValueChange={setCategory} options={CATEGORY_OPTIONS} />
      </Field>
      <Field htmlFor="affirmation-content" label="Affirmation" hint={`${content.length} / ${CUSTOM_CONTENT_MAX} characters`}>
        <Textarea
          id="affirmation-content"
          value={content}
          maxLength={CUSTOM_CONTENT_MAX}
          rows={8}
          placeholder="I am calm. I am capable. I welcome this day with an open heart..."
          aria-describedby={fieldDescriptionIds('affirmation-content', { hint: true })}
          onChange={(e) => setContent(e.target.value)}
        />
      </Field>
      {hourUsedUp ? (
        <p role="note" css={(t) => ({ margin: 0, color: t.colors.textMuted, fontSize: 15 })}>
          Today&apos;s hour of generated audio is used up; it starts again {renewalPhrase(allowance.data.renewsAt)}. Save your affirmation
          now and generate it from My Affirmations then.
        </p>
      ) : (
        <DurationSlider id="affirmation-duration" value={duration} onValueChange={setDuration} allowance={allowance.data} />
      )}
      <Button type="submit" size="lg" loading={save.isPending} disabled={voice.isLoading}>
        {label}
      </Button>
    </Card>
  );
}
