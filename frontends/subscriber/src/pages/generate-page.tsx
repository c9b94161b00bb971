import { useEffect, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { isSubscriptionRequired, sendToPricing } from '../subscription/subscription-required';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Sparkles } from 'lucide-react';
import { Badge, Button, Card, Container, ErrorState, Field, Page, PageHeader, Select, Skeleton, getSessionId, toast } from '@innerecho/ui';
import { DurationSlider } from '../generate/duration-slider';
import { GeneratedAudioPreview } from '../generate/generated-audio-preview';
import {
  DURATION_DEFAULT,
  DURATION_MAX,
  DURATION_MIN,
  DURATION_STEP,
  NO_MUSIC,
  GenerationError,
  generateAudio,
  savedAffirmationsQueryKey,
  type MusicTrack,
} from '../generate/generation-api';
import { VoiceNotClonedCard } from '../generate/voice-not-cloned-card';
import type { Transcript } from '../library/library-types';
import { useVoiceProfile } from '../voice/use-voice-profile';

export type GeneratePageProps = Record<string, never>;

/** A duration handed over by /create-affirmation (?duration=), snapped to the slider's grid. */
function initialDuration(raw: string | null): number {
  const n = Number(raw);
  if (!raw || !Number.isFinite(n)) return DURATION_DEFAULT;
  return Math.min(DURATION_MAX, Math.max(DURATION_MIN, Math.round(n / DURATION_STEP) * DURATION_STEP));
}

/** '/generate/:id' (spec section 2): a library transcript id, or custom-{customAffirmationId}. */
export function GeneratePage(_props: GeneratePageProps) {
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const isCustom = id.startsWith('custom-');
  const voice = useVoiceProfile();
  const transcript = useQuery<Transcript>({ queryKey: ['/api/transcripts', id], enabled: !isCustom && !!id });
  const music = useQuery<MusicTrack[]>({ queryKey: ['/api/background-music'] });

  const [musicId, setMusicId] = useState(NO_MUSIC);
  const [duration, setDuration] = useState(() => initialDuration(search.get('duration')));
  const [result, setResult] = useState<{ url: string; duration: number; musicTitle: string | null } | null>(null);

  // The object URL lives as long as its preview.
  useEffect(() => () => void (result && URL.revokeObjectURL(result.url)), [result]);

  const generate = useMutation({
    mutationFn: () => generateAudio({ affirmationId: id, durationSeconds: duration, musicId }),
    onSuccess: ({ url }) => {
      const track = music.data?.find((m) => m.id === musicId);
      setResult({ url, duration, musicTitle: track?.title ?? null });
      toast({ title: 'Audio generated successfully', description: 'Your affirmation has been saved to your library', variant: 'success' });
      void queryClient.invalidateQueries({ queryKey: savedAffirmationsQueryKey(getSessionId()) });
    },
    onError: (error) => {
      if (isSubscriptionRequired(error)) return sendToPricing(error, navigate);
      if (error instanceof GenerationError && error.code === 'VOICE_NOT_CLONED') {
        toast({ title: 'Voice not cloned', description: 'Please record and clone your voice first', variant: 'destructive' });
        navigate('/record-voice');
        return;
      }
      toast({ title: 'Generation failed', description: error.message || 'Please try again', variant: 'destructive' });
    },
  });

  const title = isCustom ? 'Custom Affirmation' : transcript.data?.title;
  const musicOptions = [{ value: NO_MUSIC, label: 'No Music' }, ...(music.data ?? []).map((m) => ({ value: m.id, label: m.title }))];

  let body;
  if (voice.isLoading || (!isCustom && transcript.isLoading)) {
    body = (
      <div aria-busy="true" css={{ display: 'grid', gap: 16 }}>
        <Skeleton height={36} width="50%" />
        <Skeleton height={320} radius={18} />
      </div>
    );
  } else if (!voice.isCloned) {
    body = <VoiceNotClonedCard />;
  } else if (!isCustom && transcript.isError) {
    body = (
      <ErrorState
        title="Transcript not found"
        description="This affirmation may have been removed from the library."
        onRetry={() => void transcript.refetch()}
      />
    );
  } else {
    body = (
      <div
        css={(t) => ({
          display: 'grid',
          gap: 24,
          alignItems: 'start',
          [t.mq.lg]: { gridTemplateColumns: result ? '1fr 1.1fr' : 'minmax(0, 720px)' },
        })}
      >
        <Card aria-labelledby="settings-title" css={{ display: 'grid', gap: 22 }}>
          <div css={{ display: 'grid', gap: 8 }}>
            {!isCustom && transcript.data?.category ? (
              <Badge variant="accent" css={{ justifySelf: 'start' }}>
                {transcript.data.category}
              </Badge>
            ) : null}
            <h2 id="settings-title" css={{ fontSize: 24 }}>
              {title}
            </h2>
            {!isCustom && transcript.data?.content ? (
              <p
                css={(t) => ({
                  color: t.colors.textMuted,
                  lineHeight: 1.6,
                  display: '-webkit-box',
                  WebkitLineClamp: 4,
                  WebkitBoxOrient: 'vertical',
                  overflow: 'hidden',
                })}
              >
                {transcript.data.content}
              </p>
            ) : null}
          </div>
          <Field htmlFor="background-music" label="Background Music">
            <Select id="background-music" value={musicId} onValueChange={setMusicId} options={musicOptions} disabled={generate.isPending} />
          </Field>
          <DurationSlider id="duration" value={duration} onValueChange={setDuration} disabled={generate.isPending} />
          <Button size="lg" onClick={() => generate.mutate()} disabled={generate.isPending} loading={generate.isPending}>
            {generate.isPending ? null : <Sparkles size={18} aria-hidden />}
            {generate.isPending ? 'Generating...' : 'Generate Audio'}
          </Button>
          {generate.isPending ? (
            <p role="status" css={(t) => ({ fontSize: 14, color: t.colors.textMuted, textAlign: 'center' })}>
              Speaking your affirmation and mixing {duration >= 600 ? 'a long track' : 'it'}. This takes a few seconds.
            </p>
          ) : null}
        </Card>
        {result ? (
          <GeneratedAudioPreview key={result.url} audioUrl={result.url} durationSeconds={result.duration} musicTitle={result.musicTitle} />
        ) : null}
      </div>
    );
  }

  return (
    <Container>
      <Page>
        <PageHeader
          eyebrow="In your voice"
          title="Generate Your Affirmation"
          description="Choose background music and a length, then hear the affirmation spoken in your own voice."
        />
        {body}
      </Page>
    </Container>
  );
}
