import { Container, InProgressNotice, Page, PageHeader } from '@innerecho/ui';

export type AdminPageProps = Record<string, never>;

/** '/admin/*' (spec section 2). */
export function AdminPage(_props: AdminPageProps) {
  return (
    <Container>
      <Page>
        <PageHeader
          title="Admin Dashboard"
          description="Manage library transcripts, featured creators and background music."
        />
        <InProgressNotice>
          The admin tools are being built. Transcripts, creators and music will be managed here.
        </InProgressNotice>
      </Page>
    </Container>
  );
}
