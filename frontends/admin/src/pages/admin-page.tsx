import { Container, Page, PageHeader, Tabs, TabsContent, TabsList, TabsTrigger } from '@innerecho/ui';
import { TranscriptsTab } from '../tabs/transcripts-tab';
import { CreatorsTab } from '../tabs/creators-tab';
import { MusicTab } from '../tabs/music-tab';
import { PayoutsTab } from '../tabs/payouts-tab';

export type AdminPageProps = Record<string, never>;

/**
 * '/admin/*' (spec section 2): one file per tab. Transcripts, Creators and Music belong to
 * the library issue; Payouts to the subscriptions issue. The server enforces the admin
 * role on every call these tabs make.
 */
export function AdminPage(_props: AdminPageProps) {
  return (
    <Container>
      <Page>
        <PageHeader
          title="Admin Dashboard"
          description="Manage library transcripts, featured creators, background music and creator payouts."
        />
        <Tabs defaultValue="transcripts">
          <TabsList aria-label="Admin sections">
            <TabsTrigger value="transcripts">Transcripts</TabsTrigger>
            <TabsTrigger value="creators">Creators</TabsTrigger>
            <TabsTrigger value="music">Music</TabsTrigger>
            <TabsTrigger value="payouts">Payouts</TabsTrigger>
          </TabsList>
          <TabsContent value="transcripts">
            <TranscriptsTab />
          </TabsContent>
          <TabsContent value="creators">
            <CreatorsTab />
          </TabsContent>
          <TabsContent value="music">
            <MusicTab />
          </TabsContent>
          <TabsContent value="payouts">
            <PayoutsTab />
          </TabsContent>
        </Tabs>
      </Page>
    </Container>
  );
}
