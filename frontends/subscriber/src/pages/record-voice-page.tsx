import { Container, ErrorState, Page, PageHeader, Skeleton, safeReturnPath, useSearchParams } from '@innerecho/ui';
import { ListenerGate } from '../access/listener-gate';
import { useVoiceProfile } from '../voice/use-voice-profile';
import { VoiceClonedPanel } from '../voice/voice-cloned-panel';
import { VoiceRecorderPanel } from '../voice/voice-recorder-panel';

export type RecordVoicePageProps = Record<string, never>;

/**
 * '/record-voice': the record screen, or the cloned state. Sign-in and the plan are settled
 * before the record button is offered, so no take is made that cannot be cloned.
 */
export function RecordVoicePage(_props: RecordVoicePageProps) {
  return (
    <Container>
      <Page>
        <ListenerGate
          signInTitle="Sign in to record your voice"
          signInDescription="Your voice belongs to your account. Sign in, or create an account, and you will come straight back here to record."
          trialTitle="Start your free trial to record your voice"
          header={<RecordVoiceHeader cloned={false} />}
        >
          <VoiceScreen />
        </ListenerGate>
      </Page>
    </Container>
  );
}

function RecordVoiceHeader({ cloned }: { cloned: boolean }) {
  return (
    <PageHeader
      eyebrow="Your voice"
      title={cloned ? 'Your Voice' : 'Record Your Voice'}
      description={
        cloned
          ? 'Every affirmation you generate is spoken in this voice.'
          : 'Read five short sentences aloud, slowly and soulfully. We use the recording to create your voice.'
      }
    />
  );
}

function VoiceScreen() {
  const { profile, isCloned, isLoading, isError, refetch, sessionId } = useVoiceProfile();
  // Sent here from an affirmation (?returnTo=): the listener goes back to it once cloned.
  const [params] = useSearchParams();
  const returnTo = safeReturnPath(params.get('returnTo'));
  return (
    <>
      <RecordVoiceHeader cloned={isCloned} />
      {isLoading ? (
        <div aria-busy="true" css={(t) => ({ display: 'grid', gap: 24, [t.mq.lg]: { gridTemplateColumns: '1.1fr 1fr' } })}>
          <Skeleton height={460} radius={18} />
          <Skeleton height={460} radius={18} />
        </div>
      ) : isError ? (
        <ErrorState headingLevel="h2" title="We couldn't load your voice" description="Please try again." onRetry={() => void refetch()} />
      ) : isCloned && profile ? (
        <VoiceClonedPanel sessionId={sessionId} profile={profile} returnTo={returnTo} />
      ) : (
        <VoiceRecorderPanel sessionId={sessionId} cloneEngine={profile?.cloneEngine} returnTo={returnTo} />
      )}
    </>
  );
}
