import { Container, InProgressNotice, Page, PageHeader } from '@innerecho/ui';

export type CreatorProfilePageProps = Record<string, never>;

/** '/creator/:id' (spec section 2). */
export function CreatorProfilePage(_props: CreatorProfilePageProps) {
  return (
    <Container>
      <Page>
        <PageHeader
          title="Creator Profile"
          description="A featured creator, their most-played affirmations and everything they have shared."
        />
        <InProgressNotice>
          Creator profiles are being built. Soon you will see each creator's affirmations and play counts here.
        </InProgressNotice>
      </Page>
    </Container>
  );
}
