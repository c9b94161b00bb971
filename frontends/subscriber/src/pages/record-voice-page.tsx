import { Container, ErrorState, Page, PageHeader, Skeleton } from '@innerecho/ui';
import { SampleSentencesCard } from '../voice/sample-sentences-card';
import { useVoiceProfile } from '../voice/use-voice-profile';
import { VoiceClonedPanel } from '../voice/voice-cloned-panel';
import { VoiceRecorderPanel } from '../voice/voice-recorder-panel';

export type RecordVoicePageProps = Record<string, never>;

/** '/record-voice' (spec section 2): the record screen, or the cloned state. */
export function RecordVoicePage(_props: RecordVoicePageProps) {
  const { profile, isCloned, isLoading, isError, refetch, sessionId } = useVoiceProfile();

  return (
    <Container>
      <Page>
        <PageHeader
          eyebrow="Your voice"
          title={isCloned ? 'Your Voice' : 'Record Your Voice'}
          description={
            isCloned
              ? 'Every affirmation you generate is spoken in this voice.'
              : 'Read five short sentences aloud, slowly and soulfully. We use the recording to create your voice.'
          }
        />
        {isLoading ? (
          <div aria-busy="true" css={(t) => ({ display: 'grid', gap: 24, [t.mq.lg]: { gridTemplateColumns: '1.1fr 1fr' } })}>
            <Skeleton height={460} radius={18} />
            <Skeleton height={460} radius={18} />
          </div>
        ) : isError ? (
          <ErrorState title="We couldn't load your voice" description="Please try again." onRetry={() => void refetch()} />
        ) : isCloned && profile ? (
          <VoiceClonedPanel sessionId={sessionId} profile={profile} />
        ) : (
          <div css={(t) => ({ display: 'grid', gap: 24, alignItems: 'start', [t.mq.lg]: { gridTemplateColumns: '1.1fr 1fr' } })}>
            <SampleSentencesCard />
            <VoiceRecorderPanel sessionId={sessionId} cloneEngine={profile?.cloneEngine} />
          </div>
        )}
      </Page>
    </Container>
  );
}
