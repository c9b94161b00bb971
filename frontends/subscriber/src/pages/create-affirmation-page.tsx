import { Container, Page, PageHeader } from '@innerecho/ui';
import { CustomAffirmationForm } from '../create/custom-affirmation-form';
import { TipsCard } from '../create/tips-card';

export type CreateAffirmationPageProps = Record<string, never>;

/** '/create-affirmation' (spec section 2). */
export function CreateAffirmationPage(_props: CreateAffirmationPageProps) {
  return (
    <Container>
      <Page>
        <PageHeader
          eyebrow="Your words"
          title="Create Custom Affirmation"
          description="Write an affirmation in your own words, then hear it in your own voice."
        />
        <div css={{ display: 'grid', gap: 24, maxWidth: 760 }}>
          <CustomAffirmationForm />
          <TipsCard />
        </div>
      </Page>
    </Container>
  );
}
