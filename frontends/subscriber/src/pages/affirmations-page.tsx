import { Container, InProgressNotice, Page, PageHeader } from '@innerecho/ui';

export type AffirmationsPageProps = Record<string, never>;

/** '/affirmations' (spec section 2). */
export function AffirmationsPage(_props: AffirmationsPageProps) {
  return (
    <Container>
      <Page>
        <PageHeader
          title="Affirmations"
          description="Your affirmation library: featured creators, the full collection by category, and the affirmations you have saved."
        />
        <InProgressNotice>
          The library and your saved affirmations are being built. Soon you will browse by category, preview full texts and replay what you have generated.
        </InProgressNotice>
      </Page>
    </Container>
  );
}
