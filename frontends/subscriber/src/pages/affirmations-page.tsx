import { Container, LinkButton, Page, PageHeader, Tabs, TabsContent, TabsList, TabsTrigger } from '@innerecho/ui';
import { LibraryTab } from '../affirmations/library-tab';
import { SavedAffirmationsTab } from '../affirmations/saved-affirmations-tab';

export type AffirmationsPageProps = Record<string, never>;

/**
 * '/affirmations' (spec section 2): the Library tab (library issue) and the Saved
 * Affirmations tab (generation issue) live in their own files.
 */
export function AffirmationsPage(_props: AffirmationsPageProps) {
  return (
    <Container>
      <Page>
        <PageHeader title="Affirmations" actions={<LinkButton to="/create-affirmation">Create Custom</LinkButton>} />
        <Tabs defaultValue="library">
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
