import { Container, InProgressNotice, Page, PageHeader } from '@innerecho/ui';

export type CreateAffirmationPageProps = Record<string, never>;

/** '/create-affirmation' (spec section 2). */
export function CreateAffirmationPage(_props: CreateAffirmationPageProps) {
  return (
    <Container>
      <Page>
        <PageHeader
          title="Create Custom Affirmation"
          description="Write an affirmation in your own words, then hear it in your own voice."
        />
        <InProgressNotice>
          The editor for custom affirmations is being built. Soon you will write your own text and choose a category and length here.
        </InProgressNotice>
      </Page>
    </Container>
  );
}
