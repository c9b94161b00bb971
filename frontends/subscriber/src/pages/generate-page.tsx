import { useEffect, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  apiQuery,
  Card,
  ErrorState,
  Field,
  Select,
  getSessionId,
  isApiError,
  toast,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from '@innerecho/ui';
import { MUSIC_BALANCE_DEFAULT_DB, MUSIC_BALANCE_STEPS, isCustomAffirmationRef } from '@innerecho/contracts';
import { ListenerPage } from '../access/listener-page';
import { BalanceControl } from '../generate/balance-control';
import { DurationSlider, durationWithinAllowance } from '../generate/duration-slider';
import { SettingsBesideResult } from '../generate/settings-beside-result';
import { GeneratedAudioPreview } from '../generate/generated-audio-preview';
import {
  DAILY_ALLOWANCE_QUERY_KEY,
  DURATION_DEFAULT,
  DURATION_MAX,
  DURATION_MIN,
  DURATION_STEP,
  NO_MUSIC,
  musicChoices,
  GenerationError,
  generateAudio,
  savedAffirmationsQueryKey,
} from '../generate/generation-api';
import { affirmationQuery, type GenerateNavigationState } from '../generate/affirmation-text';
import { longestDurationToday, useDailyAllowance } from '../generate/use-daily-allowance';
import { VoiceNotClonedCard } from '../generate/voice-not-cloned-card';
import { isSubscriptionRequired, sendToPricing } from '../subscription/subscription-required';
import { OwnRecordingPanel } from '../own-recording/own-recording-panel';
import { fetchOwnRecording, ownRecordingQueryKey } from '../own-recording/own-recording-api';
import { useVoiceProfile } from '../voice/use-voice-profile';
import { AffirmationNotFound, AffirmationSummary, GenerateButton, GenerateScreenSkeleton } from './generate-screen-parts';

export type GeneratePageProps = Record<string, never>;

/** A balance handed over (?balance=), if it is one the control offers. */
function initialBalance(raw: string | null): number {
  const n = Number(raw);
  return raw && (MUSIC_BALANCE_STEPS as readonly number[]).includes(n) ? n : MUSIC_BALANCE_DEFAULT_DB;
}

/** A duration handed over by /create-affirmation (?duration=), snapped to the slider's grid. */
function initialDuration(raw: string | null): number {
  const n = Number(raw);
  if (!raw || !Number.isFinite(n)) return DURATION_DEFAULT;
  return Math.min(DURATION_MAX, Math.max(DURATION_MIN, Math.round(n / DURATION_STEP) * DURATION_STEP));
}

/**
 * '/generate/:id': a library transcript id, or custom-{customAffirmationId}. Sign-in and the
 * plan are checked when the page opens, then the voice (without a clone the listener is sent to
 * record one), then the affirmation itself (a made-up id says so at once).
 */
export function GeneratePage(_props: GeneratePageProps) {
  return (
    <ListenerPage
      eyebrow="In your voice"
      title="Generate Your Affirmation"
      description="Choose background music and a length, then hear the affirmation spoken in your own voice."
      signInTitle="Sign in to hear this affirmation in your voice"
      signInDescription="Generated audio is saved to your own library. Sign in, or create an account, and you will come straight back here."
      trialTitle="Start your free trial to generate audio"
    >
      <GenerateScreen />
    </ListenerPage>
  );
}

function GenerateScreen() {
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const isCustom = isCustomAffirmationRef(id);
  // Everything the screen shows is asked at once, side by side with the voice profile rather
  // than after it: the text, the music, the allowance and the listener's own reading. Without a
  // clone the listener is sent to record one, and these answers are simply not used.
  const voice = useVoiceProfile();
  const affirmation = useQuery({ ...affirmationQuery(id), enabled: !!id, retry: false });
  const music = useQuery(apiQuery('GET /api/background-music'));
  const allowance = useDailyAllowance();
  // The own-recording panel reads the same query once it is drawn.
  useQuery({ queryKey: ownRecordingQueryKey(id), queryFn: () => fetchOwnRecording(id), enabled: !!id });

  // "Generate Again" hands over the saved affirmation's music and balance (?music=&balance=).
  const [musicId, setMusicId] = useState(() => search.get('music') ?? NO_MUSIC);
  const [balance, setBalance] = useState(() => initialBalance(search.get('balance')));
  // While the listener reads the affirmation aloud, a render would still use the voice kept before.
  const [readingAloud, setReadingAloud] = useState(false);
  const [duration, setDuration] = useState(() => initialDuration(search.get('duration')));
  const [result, setResult] = useState<{
    url: string;
    savedId: string | null;
    duration: number;
    musicTitle: string | null;
    voice: 'own' | 'cloned';
    balance: number | null;
  } | null>(null);
  const chosenDuration = durationWithinAllowance(duration, allowance.data);
  // A track handed over that is no longer offered falls back to no music.
  useEffect(() => {
    if (music.isSuccess && musicId !== NO_MUSIC && !music.data.some((m) => m.id === musicId)) setMusicId(NO_MUSIC);
  }, [music.isSuccess, music.data, musicId]);
  const canGenerate = allowance.isSuccess && longestDurationToday(allowance.data) >= DURATION_MIN;

  // The object URL lives as long as its preview.
  useEffect(() => () => void (result && URL.revokeObjectURL(result.url)), [result]);

  const generate = useMutation({
    mutationFn: () => generateAudio({ affirmationId: id, durationSeconds: chosenDuration, musicId, musicBelowVoiceDb: balance }),
    onSuccess: ({ url, savedId, voice }) => {
      const track = music.data?.find((m) => m.id === musicId);
      setResult({ url, savedId, duration: chosenDuration, musicTitle: track?.title ?? null, voice, balance: track ? balance : null });
      toast({ title: 'Audio generated successfully', description: 'Your affirmation has been saved to your library', variant: 'success' });
      void queryClient.invalidateQueries({ queryKey: savedAffirmationsQueryKey(getSessionId()) });
    },
    onError: (error) => {
      if (isSubscriptionRequired(error)) return sendToPricing(error, { navigate, queryClient });
      // The voice was deleted while the page was open: read it again, and the page asks for one.
      if (error instanceof GenerationError && error.code === 'VOICE_NOT_CLONED') return void voice.refetch();
      toast({ title: 'Generation failed', description: error.message || 'Please try again', variant: 'destructive' });
    },
    // Used or not, the allowance may have moved: read it again.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: DAILY_ALLOWANCE_QUERY_KEY }),
  });

  // "Save & Generate Audio" on /create-affirmation: generate at once, one time only (the flag is
  // dropped from the history entry, so a reload does not generate again).
  const startNow = (location.state as GenerateNavigationState | null)?.generateNow === true;
  const started = useRef(false);
  useEffect(() => {
    if (!startNow || started.current || !voice.isCloned || !affirmation.isSuccess || !allowance.isSuccess) return;
    started.current = true;
    void navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
    if (canGenerate) generate.mutate();
  }, [startNow, voice.isCloned, affirmation.isSuccess, allowance.isSuccess, canGenerate, generate, navigate, location]);

  const missing = affirmation.isError && isApiError(affirmation.error) && affirmation.error.status === 404;
  const musicOptions = musicChoices(music.data);

  if (voice.isLoading || affirmation.isLoading) {
    return <GenerateScreenSkeleton />;
  }
  if (missing) {
    return <AffirmationNotFound isCustom={isCustom} />;
  }
  if (affirmation.isError) {
    return (
      <ErrorState
        headingLevel="h2"
        title="This affirmation could not be loaded"
        description="Please check your connection and try again."
        onRetry={() => void affirmation.refetch()}
      />
    );
  }
  const text = affirmation.data!;
  if (!voice.isCloned) return <VoiceNotClonedCard returnTo={location.pathname + location.search} title={text.title} />;

  return (
    <SettingsBesideResult
      columns="1fr 1.1fr"
      settingsMaxWidth={720}
      result={
        result ? (
          <GeneratedAudioPreview
            key={result.url}
            audioUrl={result.url}
            savedId={result.savedId}
            durationSeconds={result.duration}
            musicTitle={result.musicTitle}
            voice={result.voice}
            balance={result.balance}
            title={text.title}
            category={text.category ?? null}
          />
        ) : null
      }
    >
      <Card aria-labelledby="settings-title" css={{ display: 'grid', gap: 22 }}>
        <AffirmationSummary title={text.title} category={text.category ?? null} content={text.content} isCustom={isCustom} />
        <Field htmlFor="background-music" label="Background Music">
          <Select id="background-music" value={musicId} onValueChange={setMusicId} options={musicOptions} disabled={generate.isPending} />
        </Field>
        {musicId !== NO_MUSIC ? (
          <BalanceControl affirmationId={id} musicId={musicId} value={balance} onValueChange={setBalance} disabled={generate.isPending} />
        ) : null}
        <DurationSlider
          id="duration"
          value={duration}
          onValueChange={setDuration}
          allowance={allowance.data}
          disabled={generate.isPending}
        />
        <OwnRecordingPanel affirmationId={id} text={text.content} disabled={generate.isPending} onRecorderOpenChange={setReadingAloud} />
        <GenerateButton
          pending={generate.isPending}
          canGenerate={canGenerate}
          readingAloud={readingAloud}
          chosenDuration={chosenDuration}
          onGenerate={() => generate.mutate()}
        />
      </Card>
    </SettingsBesideResult>
  );
}
