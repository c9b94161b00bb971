import { NotebookPen } from 'lucide-react';
import { Container, LinkButton, Page, PageHeader } from '@innerecho/ui';
import { ListenerGate } from '../access/listener-gate';
import { CustomAffirmationForm } from '../create/custom-affirmation-form';
import { TipsCard } from '../create/tips-card';

export type CreateAffirmationPageProps = Record<string, never>;

/**
 * '/create-affirmation': sign-in and the plan are checked when the page opens, before anyone
 * writes. A listener without a voice yet may write first: the words are saved, and the
 * generate page asks for the voice and comes back to them.
 */
export function CreateAffirmationPage(_props: CreateAffirmationPageProps) {
  return (
    <Container>
      <Page>
        <PageHeader
          eyebrow="Your words"
          title="Create Custom Affirmation"
          description="Write an affirmation in your own words, then hear it in your own voice."
          actions={
            <LinkButton to="/affirmations?tab=mine" variant="outline">
              <NotebookPen size={18} aria-hidden />
              My Affirmations
            </LinkButton>
          }
        />
        <ListenerGate
          signInTitle="Sign in to write your own affirmations"
          signInDescription="Your affirmations are kept in your account. Sign in, or create an account, and you will come straight back here."
          trialTitle="Start your free trial to create affirmations"
        >
          <div css={{ display: 'grid', gap: 24, maxWidth: 760 }}>
            <CustomAffirmationForm />
            <TipsCard />
          </div>
        </ListenerGate>
      </Page>
    </Container>
  );
}
