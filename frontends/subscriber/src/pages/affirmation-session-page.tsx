import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Sparkles } from 'lucide-react';
import { apiQuery, Button, callApi, Card, CardTitle, Field, Select, Skeleton, useSearchParams } from '@innerecho/ui';
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
import { RepetitionsSlider } from '../affirmation-session/repetitions-slider';
import { StepSlider } from '../affirmation-session/step-slider';
import { SessionLengthChoice, type SessionLengthKind } from '../affirmation-session/session-length-choice';
import { SessionPicksCard } from '../affirmation-session/session-picks-card';
import { useGenerateSession } from '../affirmation-session/use-generate-session';
import { SessionNameField, useDefaultSessionName } from '../affirmation-session/session-name-field';
import { useSessionPicks, type SessionPick } from '../affirmation-session/affirmation-session-selection';
import { BalanceControl } from '../generate/balance-control';
import { DurationSlider, durationWithinAllowance } from '../generate/duration-slider';
import { GeneratedAudioPreview, type GeneratedAudioPreviewProps } from '../generate/generated-audio-preview';
import { SettingsBesideResult } from '../generate/settings-beside-result';
import { RenderQueuePlace } from '../generate/render-queue-place';
import { DURATION_MIN, NO_MUSIC, musicChoices } from '../generate/generation-api';
import { longestDurationToday, useDailyAllowance } from '../generate/use-daily-allowance';

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

/** The most repetitions that surely fit an hour (each affirmation at least a second long). */
function mostRepetitionsInAnHour(count: number, pauseSeconds: number): number {
  return Math.max(
    1,
    Math.min(
      AFFIRMATION_SESSION_MAX_REPETITIONS,
      Math.floor(3600 / (Math.max(count, AFFIRMATION_SESSION_MIN_PARTS) * (pauseSeconds + AFFIRMATION_SESSION_SHORTEST_SPEECH_SECONDS))),
    ),
  );
}

/** Puts the transcripts the address names into the session once; true while they are read. */
function useAddressPicks(fromAddress: string[], session: ReturnType<typeof useSessionPicks>): boolean {
  const [loadingAddress, setLoadingAddress] = useState(fromAddress.length > 0);
  const addressRead = useRef(false);
  useEffect(() => {
    if (addressRead.current || fromAddress.length === 0) return;
    addressRead.current = true;
    void picksFromAddress(fromAddress)
      .then((picks) => session.replace(picks))
      .finally(() => setLoadingAddress(false));
  }, [fromAddress, session]);
  return loadingAddress;
}

function SessionBuilder() {
  const [search] = useSearchParams();
  const session = useSessionPicks();
  const fromAddress = transcriptsInAddress(search.get('transcripts'));
  const collection = search.get('collection');
  const [collectionId] = useState(() => (collection && isUuid(collection) ? collection : null));
  const loadingAddress = useAddressPicks(fromAddress, session);

  const music = useQuery(apiQuery('GET /api/background-music'));
  const allowance = useDailyAllowance();
  const [lengthKind, setLengthKind] = useState<SessionLengthKind>('minutes');
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
  const maxRepetitions = mostRepetitionsInAnHour(count, pauseSeconds);
  const chosenRepetitions = Math.min(repetitions, maxRepetitions);
  const chosenSeconds = durationWithinAllowance(seconds, allowance.data);
  const hasAllowance = allowance.isSuccess && longestDurationToday(allowance.data) >= DURATION_MIN;
  const defaultName = useDefaultSessionName(collectionId, count);
  const sessionName = name.trim() || defaultName;
  const ready = count >= AFFIRMATION_SESSION_MIN_PARTS && count <= AFFIRMATION_SESSION_MAX_PARTS && hasAllowance;

  const generate = useGenerateSession({
    request: () => ({
      affirmationIds: picks.map((p) => p.affirmationId),
      length: lengthKind === 'minutes' ? { totalMinutes: chosenSeconds / 60 } : { repetitionsPerAffirmation: chosenRepetitions },
      pauseSeconds,
      musicId,
      musicBelowVoiceDb: balance,
      collectionId,
      name: sessionName,
    }),
    onGenerated: ({ url, savedId, durationSeconds, voice }) => {
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
    },
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
        <SessionPicksCard picks={picks} onReorder={session.replace} onRemove={session.remove} onClear={session.clear} pending={pending} />

        <Card aria-labelledby="session-settings-title" css={{ display: 'grid', gap: 22 }}>
          <CardTitle id="session-settings-title" as="h2">
            Length, Pause and Music
          </CardTitle>
          <SessionLengthChoice value={lengthKind} onChange={setLengthKind} disabled={pending} />
          {lengthKind === 'minutes' ? (
            <DurationSlider
              id="session-duration"
              value={seconds}
              onValueChange={setSeconds}
              allowance={allowance.data}
              disabled={pending}
            />
          ) : (
            <RepetitionsSlider
              picks={picks}
              pauseSeconds={pauseSeconds}
              value={chosenRepetitions}
              onValueChange={setRepetitions}
              max={maxRepetitions}
              allowance={allowance.data}
              disabled={pending}
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
