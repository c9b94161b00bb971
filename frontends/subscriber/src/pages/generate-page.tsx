import { Container, InProgressNotice, Page, PageHeader } from '@innerecho/ui';

export type GeneratePageProps = Record<string, never>;

/** '/generate/:id' (spec section 2). */
export function GeneratePage(_props: GeneratePageProps) {
  return (
    <Container>
      <Page>
        <PageHeader
          title="Generate Your Affirmation"
          description="Choose background music and a length, then generate the audio in your voice."
        />
        <InProgressNotice>
          Audio generation is being built. Soon you will pick music and a length here and listen to the result.
        </InProgressNotice>
      </Page>
    </Container>
  );
}
