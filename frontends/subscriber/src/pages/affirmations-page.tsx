import { Container, LinkButton, Page, PageHeader, useSearchParams } from '@innerecho/ui';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@innerecho/ui/tabs';
import { LibraryTab } from '../affirmations/library-tab';
import { MyAffirmationsTab } from '../mine/my-affirmations-tab';
import { SavedAffirmationsTab } from '../affirmations/saved-affirmations-tab';
import { OpenSessionLink } from '../affirmation-session/open-session-link';

export type AffirmationsPageProps = Record<string, never>;

/** '/affirmations': the Library, Saved Affirmations and My Affirmations tabs, each in its own file. */
const TABS = ['library', 'saved', 'mine'] as const;
type Tab = (typeof TABS)[number];
export function AffirmationsPage(_props: AffirmationsPageProps) {
  // The open tab lives in the URL (?tab=saved, ?tab=mine), so "View Saved Affirmations" and
  // "My Affirmations" links land on it and a reload keeps it.
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab: Tab = TABS.find((t) => t === asked) ?? 'library';
  const selectTab = (value: string) => setParams(value === 'library' ? {} : { tab: value }, { replace: true });
  return (
    <Container>
      <Page>
        <PageHeader
          title="Affirmations"
          actions={
            <>
              <OpenSessionLink />
              <LinkButton to="/create-affirmation">Create Custom</LinkButton>
            </>
          }
        />
        <Tabs value={tab} onValueChange={selectTab}>
          <TabsList aria-label="Affirmations">
            <TabsTrigger value="library">Library</TabsTrigger>
            <TabsTrigger value="saved">Saved Affirmations</TabsTrigger>
            <TabsTrigger value="mine">My Affirmations</TabsTrigger>
          </TabsList>
          <TabsContent value="library">
            <LibraryTab />
          </TabsContent>
          <TabsContent value="saved">
            <SavedAffirmationsTab />
          </TabsContent>
          <TabsContent value="mine">
            <MyAffirmationsTab />
          </TabsContent>
        </Tabs>
      </Page>
    </Container>
  );
}
