import { Container, LinkButton, Page, PageHeader, useSearchParams } from '@innerecho/ui';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@innerecho/ui/tabs';
import { LibraryTab } from '../affirmations/library-tab';
import { SavedAffirmationsTab } from '../affirmations/saved-affirmations-tab';

export type AffirmationsPageProps = Record<string, never>;

/** '/affirmations': the Library tab and the Saved Affirmations tab, each in its own file. */
export function AffirmationsPage(_props: AffirmationsPageProps) {
  // The open tab lives in the URL (?tab=saved), so "View Saved Affirmations" lands on it
  // and a reload keeps it.
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'saved' ? 'saved' : 'library';
  const selectTab = (value: string) => setParams(value === 'saved' ? { tab: 'saved' } : {}, { replace: true });
  return (
    <Container>
      <Page>
        <PageHeader title="Affirmations" actions={<LinkButton to="/create-affirmation">Create Custom</LinkButton>} />
        <Tabs value={tab} onValueChange={selectTab}>
          <TabsList aria-label="Affirmations">
            <TabsTrigger value="library">Library</TabsTrigger>
            <TabsTrigger value="saved">Saved Affirmations</TabsTrigger>
          </TabsList>
          <TabsContent value="library">
            <LibraryTab />
          </TabsContent>
          <TabsContent value="saved">
            <SavedAffirmationsTab />
          </TabsContent>
        </Tabs>
      </Page>
    </Container>
  );
}
