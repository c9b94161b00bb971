import type { ReactNode } from 'react';
import { Container, EmptyState, ErrorState, isApiError, LinkButton, Page } from '@innerecho/ui';
import { ArrowLeft } from 'lucide-react';

export interface LibraryDetailPageProps {
  /** The read the page is about (a creator, a collection). */
  query: { isError: boolean; error: unknown; refetch: () => unknown };
  /** What a 404 says ('Creator not found'), and a line under it. */
  missingTitle: string;
  missingDescription: string;
  errorTitle: string;
  /** The page's own content, once the read did not fail. */
  children: ReactNode;
  /** After the content (dialogs the page opens). */
  after?: ReactNode;
}

/** A page one step inside the library: the way back, then the thing, or why it is not there. */
export function LibraryDetailPage({ query, missingTitle, missingDescription, errorTitle, children, after }: LibraryDetailPageProps) {
  const missing = query.isError && isApiError(query.error) && query.error.status === 404;
  return (
    <Container>
      <Page>
        <div>
          <LinkButton to="/affirmations" variant="ghost" size="sm">
            <ArrowLeft size={16} aria-hidden /> Back to Library
          </LinkButton>
        </div>
        {missing ? (
          <EmptyState
            headingLevel="h1"
            title={missingTitle}
            description={missingDescription}
            action={<LinkButton to="/affirmations">Browse the library</LinkButton>}
          />
        ) : query.isError ? (
          <ErrorState headingLevel="h1" title={errorTitle} onRetry={() => void query.refetch()} />
        ) : (
          children
        )}
        {after}
      </Page>
    </Container>
  );
}
