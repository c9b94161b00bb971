import { Container, InProgressNotice, Page, PageHeader } from '@innerecho/ui';

export type RecordVoicePageProps = Record<string, never>;

/** '/record-voice' (spec section 2). */
export function RecordVoicePage(_props: RecordVoicePageProps) {
  return (
    <Container>
      <Page>
        <PageHeader
          title="Record Your Voice"
          description="Read a few sentences aloud, slowly and soulfully, and we will clone your voice."
        />
        <InProgressNotice>
          Voice recording is being built. Soon you will record a short sample here and clone your voice.
        </InProgressNotice>
      </Page>
    </Container>
  );
}
