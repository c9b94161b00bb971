import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Sparkles } from 'lucide-react';
import {
  apiQuery,
  Button,
  callApi,
  Card,
  CardTitle,
  EmptyState,
  Field,
  LinkButton,
  Select,
  Skeleton,
  Slider,
  fieldDescriptionIds,
  getSessionId,
  toast,
  useNavigate,
  useSearchParams,
} from '@innerecho/ui';
import {
  AFFIRMATION_SESSION_DEFAULT_PAUSE_SECONDS,
  AFFIRMATION_SESSION_MAX_PARTS,
  AFFIRMATION_SESSION_MAX_PAUSE_SECONDS,
  AFFIRMATION_SESSION_MAX_REPETITIONS,
  AFFIRMATION_SESSION_MIN_PARTS,
  AFFIRMATION_SESSION_SHORTEST_SPEECH_SECONDS,
  MUSIC_BALANCE_DEFAULT_DB,
  isUuid,
} from '@innerecho/contracts';
import { ListenerPage } from '../access/listener-page';
import { AffirmationSessionOrder } from '../affirmation-session/affirmation-session-order';
import { generateAffirmationSession } from '../affirmation-session/affirmation-session-api';
import { SessionNameField, useDefaultSessionName } from '../affirmation-session/session-name-field';
import { useSessionPicks, type SessionPick } from '../affirmation-session/affirmation-session-selection';
import { BalanceControl } from '../generate/balance-control';
import { DurationSlider, durationWithinAllowance } from '../generate/duration-slider';
import { GeneratedAudioPreview, type GeneratedAudioPreviewProps } from '../generate/generated-audio-preview';
import { SettingsBesideResult } from '../generate/settings-beside-result';
import { RenderQueuePlace } from '../generate/render-queue-place';
import { SliderLabel } from '../generate/slider-label';
import {
  DAILY_ALLOWANCE_QUERY_KEY,
  DURATION_MIN,
  GenerationError,
  NO_MUSIC,
  musicChoices,
  savedAffirmationsQueryKey,
} from '../generate/generation-api';
import { longestDurationToday, useDailyAllowance } from '../generate/use-daily-allowance';
import { isSubscriptionRequired, sendToPricing } from '../subscription/subscription-required';

export type AffirmationSessionPageProps = Record<string, never>;

/** Ten minutes: a routine's usual length, within the slider's bounds. */
const DEFAULT_SESSION_SECONDS = 600;
const DEFAULT_REPETITIONS = 3;

/**
 * '/sessions/new': the session builder. The affirmations come from what the listener added
 * while browsing ("Add to Session"), or from the address: `?transcripts=<id>,<id>` (library
 * transcripts, in order) and `&collection=<id>` (the creator collection they came from, sent
 * with the request and counted for its creator).
 */
export function AffirmationSessionPage(_props: AffirmationSessionPageProps) {
  return (
    <ListenerPage
      eyebrow="In your voice"
      title="Build a Session"
      description="Put 2 to 10 affirmations in the order you want to hear them. They are spoken one after another, and the order repeats for as long as you choose."
      signInTitle="Sign in to build a session"
      signInDescription="Sessions are saved to your own library. Sign in, or create an account, and you will come straight back here."
      trialTitle="Start your free trial to build a session"
    >
      <SessionBuilder />
    </ListenerPage>
  );
}

/** Library transcripts named in the address, in order, at most a session's worth. */
function transcriptsInAddress(raw: string | null): string[] {
  if (!raw) return [];
  const ids = raw.split(',').map((id) => id.trim());
  return [...new Set(ids.filter(isUuid))].slice(0, AFFIRMATION_SESSION_MAX_PARTS);
}

/** The picks the address names, with their titles (a transcript that no longer exists is left out). */
async function picksFromAddress(ids: string[]): Promise<SessionPick[]> {
  const found = await Promise.all(
    ids.map(async (id) => {
      const transcript = await callApi('GET /api/transcripts/:id', { params: { id } }).catch(() => null);
      return transcript ? { affirmationId: transcript.id, title: transcript.title } : null;
    }),
  );
  return found.filter((pick): pick is SessionPick => pick !== null);
}

function SessionBuilder() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const session = useSessionPicks();
  const fromAddress = transcriptsInAddress(search.get('transcripts'));
  const collection = search.get('collection');
  const [collectionId] = useState(() => (collection && isUuid(collection) ? collection : null));
  const [loadingAddress, setLoadingAddress] = useState(fromAddress.length > 0);
  const addressRead = useRef(false);
  useEffect(() => {
    if (addressRead.current || fromAddress.length === 0) return;
    addressRead.current = true;
    void picksFromAddress(fromAddress)
      .then((picks) => session.replace(picks))
      .finally(() => setLoadingAddress(false));
  }, [fromAddress, session]);

  const music = useQuery(apiQuery('GET /api/background-music'));
  const allowance = useDailyAllowance();
  const [lengthKind, setLengthKind] = useState<'minutes' | 'repetitions'>('minutes');
  const [seconds, setSeconds] = useState(DEFAULT_SESSION_SECONDS);
  const [repetitions, setRepetitions] = useState(DEFAULT_REPETITIONS);
  const [pauseSeconds, setPauseSeconds] = useState(AFFIRMATION_SESSION_DEFAULT_PAUSE_SECONDS);
  const [musicId, setMusicId] = useState(NO_MUSIC);
  const [balance, setBalance] = useState(MUSIC_BALANCE_DEFAULT_DB);
  const [result, setResult] = useState<GeneratedAudioPreviewProps | null>(null);
  const [name, setName] = useState('');
  useEffect(() => () => void (result && URL.revokeObjectURL(result.audioUrl)), [result]);

  const picks = session.picks;
  const count = picks.length;
  // The most repetitions that surely fit an hour (each affirmation at least a second long).
  const maxRepetitions = Math.max(
    1,
    Math.min(
      AFFIRMATION_SESSION_MAX_REPETITIONS,
      Math.floor(3600 / (Math.max(count, AFFIRMATION_SESSION_MIN_PARTS) * (pauseSeconds + AFFIRMATION_SESSION_SHORTEST_SPEECH_SECONDS))),
    ),
  );
  const chosenRepetitions = Math.min(repetitions, maxRepetitions);
  const chosenSeconds = durationWithinAllowance(seconds, allowance.data);
  const hasAllowance = allowance.isSuccess && longestDurationToday(allowance.data) >= DURATION_MIN;
  const defaultName = useDefaultSessionName(collectionId, count);
  const sessionName = name.trim() || defaultName;
  const ready = count >= AFFIRMATION_SESSION_MIN_PARTS && count <= AFFIRMATION_SESSION_MAX_PARTS && hasAllowance;

  const generate = useMutation({
    mutationFn: () =>
      generateAffirmationSession({
        affirmationIds: picks.map((p) => p.affirmationId),
        length: lengthKind === 'minutes' ? { totalMinutes: chosenSeconds / 60 } : { repetitionsPerAffirmation: chosenRepetitions },
        pauseSeconds,
        musicId,
        musicBelowVoiceDb: balance,
        collectionId,
        name: sessionName,
      }),
    onSuccess: ({ url, savedId, durationSeconds, voice }) => {
      const track = music.data?.find((m) => m.id === musicId);
      setResult({
        audioUrl: url,
        savedId,
        durationSeconds,
        musicTitle: track?.title ?? null,
        voice,
        balance: track ? balance : null,
        title: sessionName,
        category: null,
        heading: 'Your Session',
      });
      // The session is made and saved: the header's picks start again empty for the next one.
      session.clear();
      setName('');
      toast({ title: 'Session generated', description: 'Your session has been saved to your library', variant: 'success' });
      void queryClient.invalidateQueries({ queryKey: savedAffirmationsQueryKey(getSessionId()) });
    },
    onError: (error) => {
      if (isSubscriptionRequired(error)) return sendToPricing(error, { navigate, queryClient });
      const description =
        error instanceof GenerationError && error.code === 'VOICE_NOT_CLONED'
          ? 'Please record and clone your voice first, or read each affirmation yourself on its Generate page.'
          : error.message || 'Please try again';
      toast({ title: 'Generation failed', description, variant: 'destructive' });
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: DAILY_ALLOWANCE_QUERY_KEY }),
  });

  if (loadingAddress) {
    return (
      <div aria-busy="true" css={{ display: 'grid', gap: 16 }}>
        <Skeleton height={200} radius={18} />
      </div>
    );
  }

  const musicOptions = musicChoices(music.data);
  const pending = generate.isPending;

  return (
    <SettingsBesideResult
      columns="1fr 1fr"
      settingsMaxWidth={760}
      result={result ? <GeneratedAudioPreview key={result.audioUrl} {...result} /> : null}
    >
      <div css={{ display: 'grid', gap: 24, minWidth: 0 }}>
        <Card aria-labelledby="session-affirmations-title" css={{ display: 'grid', gap: 16 }}>
          <div css={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', justifyContent: 'space-between', gap: 8 }}>
            <CardTitle id="session-affirmations-title" as="h2">
              Affirmations
            </CardTitle>
            <span css={(t) => ({ fontSize: 14, color: t.colors.textMuted })}>
              {count} of {AFFIRMATION_SESSION_MAX_PARTS}
            </span>
          </div>
          {count === 0 ? (
            <EmptyState
              headingLevel="h3"
              title="No affirmations yet"
              description="Choose Add to Session on affirmations in the library, in My Affirmations or on saved items, then come back here."
              action={<LinkButton to="/affirmations">Browse the Library</LinkButton>}
            />
          ) : (
            <AffirmationSessionOrder picks={picks} onReorder={session.replace} onRemove={session.remove} disabled={pending} />
          )}
          {count > 0 && count < AFFIRMATION_SESSION_MIN_PARTS ? (
            <p css={(t) => ({ margin: 0, color: t.colors.textMuted })}>Add at least one more affirmation to build a session.</p>
          ) : null}
          {count > 0 ? (
            <div css={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>
              {count < AFFIRMATION_SESSION_MAX_PARTS ? (
                <>
                  <LinkButton size="sm" variant="outline" to="/affirmations">
                    Add from the Library
                  </LinkButton>
                  <LinkButton size="sm" variant="outline" to="/affirmations?tab=mine">
                    Add from My Affirmations
                  </LinkButton>
                </>
              ) : null}
              <Button size="sm" variant="ghost" onClick={session.clear} disabled={pending}>
                Clear Session
              </Button>
            </div>
          ) : null}
        </Card>

        <Card aria-labelledby="session-settings-title" css={{ display: 'grid', gap: 22 }}>
          <CardTitle id="session-settings-title" as="h2">
            Length, Pause and Music
          </CardTitle>
          <fieldset css={{ border: 0, margin: 0, padding: 0, display: 'grid', gap: 10, minWidth: 0 }}>
            <legend css={{ fontWeight: 600, fontSize: 15, marginBottom: 8, padding: 0 }}>Session length</legend>
            <div css={{ display: 'flex', flexWrap: 'wrap', gap: '8px 20px' }}>
              {(
                [
                  ['minutes', 'Total length'],
                  ['repetitions', 'Repetitions per affirmation'],
                ] as const
              ).map(([value, label]) => (
                <label key={value} css={{ display: 'inline-flex', alignItems: 'center', gap: 8, minHeight: 36, cursor: 'pointer' }}>
                  <input
                    type="radio"
                    name="session-length"
                    value={value}
                    checked={lengthKind === value}
                    disabled={pending}
                    onChange={(event: ChangeEvent<HTMLInputElement>) => setLengthKind(event.target.value as 'minutes' | 'repetitions')}
                    css={(t) => ({ width: 18, height: 18, accentColor: t.colors.primary })}
                  />
                  {label}
                </label>
              ))}
            </div>
          </fieldset>
          {lengthKind === 'minutes' ? (
            <DurationSlider
              id="session-duration"
              value={seconds}
              onValueChange={setSeconds}
              allowance={allowance.data}
              disabled={pending}
            />
          ) : (
            <StepSlider
              id="session-repetitions"
              label="Repetitions per Affirmation"
              hint="The length follows how long your affirmations take to say; it counts against today's hour."
              shown={`${chosenRepetitions}x`}
              valueText={`${chosenRepetitions} times each`}
              value={chosenRepetitions}
              onValueChange={setRepetitions}
              min={1}
              max={Math.max(2, maxRepetitions)}
              disabled={pending || maxRepetitions < 2}
            />
          )}
          <StepSlider
            id="session-pause"
            label="Pause Between Affirmations"
            hint="Made a little longer where needed so the voice and the music loop together."
            shown={`${pauseSeconds} s`}
            valueText={`${pauseSeconds} seconds`}
            value={pauseSeconds}
            onValueChange={setPauseSeconds}
            min={0}
            max={AFFIRMATION_SESSION_MAX_PAUSE_SECONDS}
            disabled={pending}
          />
          <Field htmlFor="session-music" label="Background Music">
            <Select id="session-music" value={musicId} onValueChange={setMusicId} options={musicOptions} disabled={pending} />
          </Field>
          {musicId !== NO_MUSIC && picks[0] ? (
            <BalanceControl
              affirmationId={picks[0].affirmationId}
              musicId={musicId}
              value={balance}
              onValueChange={setBalance}
              disabled={pending}
            />
          ) : null}
          {count > 0 ? <SessionNameField value={name} onValueChange={setName} defaultName={defaultName} disabled={pending} /> : null}
          <Button size="lg" onClick={() => generate.mutate()} disabled={pending || !ready} loading={pending}>
            {pending ? null : <Sparkles size={18} aria-hidden />}
            {pending ? 'Generating...' : 'Generate Session'}
          </Button>
          {pending ? <RenderQueuePlace /> : null}
          {pending ? (
            <p role="status" css={(t) => ({ fontSize: 14, color: t.colors.textMuted, textAlign: 'center', margin: 0 })}>
              Speaking your affirmations and mixing the session. This takes a few seconds.
            </p>
          ) : null}
        </Card>
      </div>
    </SettingsBesideResult>
  );
}

/** A whole-number slider with its label, its value beside the label, and a hint under it. */
function StepSlider(props: {
  id: string;
  label: string;
  hint: string;
  /** The value as the label shows it ('3x', '2 s'). */
  shown: string;
  /** The value as a screen reader says it. */
  valueText: string;
  value: number;
  onValueChange: (value: number) => void;
  min: number;
  max: number;
  disabled: boolean;
}) {
  const { id, label, hint, shown, ...slider } = props;
  return (
    <Field htmlFor={id} hint={hint} label={<SliderLabel label={label} shown={shown} />}>
      <Slider id={id} aria-label={label} aria-describedby={fieldDescriptionIds(id, { hint: true })} step={1} {...slider} />
    </Field>
  );
}
