import { Lock } from 'lucide-react';
import { Container, EmptyState, LinkButton, Page, PageHeader, SignInPrompt, Skeleton, useAuth, useLocation } from '@innerecho/ui';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@innerecho/ui/tabs';
import { TranscriptsTab } from '../tabs/transcripts-tab';
import { CreatorsTab } from '../tabs/creators-tab';
import { MusicTab } from '../tabs/music-tab';
import { PayoutsTab } from '../tabs/payouts-tab';
import { CollectionsTab } from '../tabs/collections-tab';

export type AdminPageProps = Record<string, never>;

/**
 * '/admin/*': the dashboard is drawn for admins only. A visitor is asked to sign in, a
 * signed-in listener is told the area is not theirs; neither sees the tables or their buttons.
 * (The server refuses every admin call from anyone else regardless.)
 */
export function AdminPage(_props: AdminPageProps) {
  const { isLoading, isAuthenticated, isAdmin } = useAuth();
  const { pathname, search } = useLocation();
  if (isLoading) {
    return (
      <Container>
        <Page aria-busy="true">
          <Skeleton width="40%" height={44} />
          <Skeleton height={320} radius={18} />
        </Page>
      </Container>
    );
  }
  if (!isAuthenticated) {
    return (
      <Container>
        <Page>
          <SignInPrompt
            headingLevel="h1"
            title="Sign in to open the admin area"
            description="The admin area is for InnerEcho's team. Sign in with your admin account to manage the library, creators, music and payouts."
            returnTo={pathname + search}
          />
        </Page>
      </Container>
    );
  }
  if (!isAdmin) {
    return (
      <Container>
        <Page>
          <EmptyState
            headingLevel="h1"
            icon={<Lock size={26} />}
            title="This area is for admins only"
            description="Your account does not have access to the admin area. Your affirmations are in your library."
            action={<LinkButton to="/affirmations">Go to Your Library</LinkButton>}
          />
        </Page>
      </Container>
    );
  }
  return <AdminDashboard />;
}

/** One file per tab: Transcripts, Creators, Collections, Music, Payouts. */
function AdminDashboard() {
  return (
    <Container>
      <Page>
        <PageHeader
          title="Admin Dashboard"
          description="Manage library transcripts, featured creators and their collections, background music and creator payouts."
        />
        {/* minWidth 0: a wide table scrolls inside itself instead of widening the page on a phone. */}
        <Tabs defaultValue="transcripts" css={{ minWidth: 0 }}>
          <TabsList aria-label="Admin sections">
            <TabsTrigger value="transcripts">Transcripts</TabsTrigger>
            <TabsTrigger value="creators">Creators</TabsTrigger>
            <TabsTrigger value="collections">Collections</TabsTrigger>
            <TabsTrigger value="music">Music</TabsTrigger>
            <TabsTrigger value="payouts">Payouts</TabsTrigger>
          </TabsList>
          <TabsContent value="transcripts" css={{ minWidth: 0 }}>
            <TranscriptsTab />
          </TabsContent>
          <TabsContent value="creators" css={{ minWidth: 0 }}>
            <CreatorsTab />
          </TabsContent>
          <TabsContent value="collections" css={{ minWidth: 0 }}>
            <CollectionsTab />
          </TabsContent>
          <TabsContent value="music" css={{ minWidth: 0 }}>
            <MusicTab />
          </TabsContent>
          <TabsContent value="payouts" css={{ minWidth: 0 }}>
            <PayoutsTab />
          </TabsContent>
        </Tabs>
      </Page>
    </Container>
  );
}
