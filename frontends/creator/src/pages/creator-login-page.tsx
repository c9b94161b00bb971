import { Container, InProgressNotice, Page, PageHeader } from '@innerecho/ui';

export type CreatorLoginPageProps = Record<string, never>;

/** '/creator-login' (spec section 2). */
export function CreatorLoginPage(_props: CreatorLoginPageProps) {
  return (
    <Container>
      <Page>
        <PageHeader
          title="Creator Login"
          description="Sign in to your creator dashboard. Creator accounts are created by an admin."
        />
        <InProgressNotice>
          Creator sign-in is being built. If you are a featured creator, your InnerEcho contact will let you know when it opens.
        </InProgressNotice>
      </Page>
    </Container>
  );
}
