import { Container, InProgressNotice, Page, PageHeader } from '@innerecho/ui';

export type CreatorDashboardPageProps = Record<string, never>;

/** '/creator-dashboard' (spec section 2). */
export function CreatorDashboardPage(_props: CreatorDashboardPageProps) {
  return (
    <Container>
      <Page>
        <PageHeader
          title="Creator Dashboard"
          description="Your referral link, sign-ups, subscribers and commissions."
        />
        <InProgressNotice>
          The creator dashboard is being built. Soon you will find your referral link, earnings and payouts here.
        </InProgressNotice>
      </Page>
    </Container>
  );
}
