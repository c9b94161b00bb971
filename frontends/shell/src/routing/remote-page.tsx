import { ErrorBoundary, useLocation } from '@innerecho/ui';
import { Suspense, useState } from 'react';
import { lazyRemotePage } from './load-remote-page';
import { RemoteLoadError } from './remote-load-error';
import { RemotePageLoading } from './remote-page-loading';
import type { RemoteRoute } from './remote-routes';

export interface RemotePageProps {
  route: RemoteRoute;
}

/**
 * One routed page from a remote: loaded lazily, with a height-reserving loading state,
 * and a friendly fallback (header and footer stay) if the remote cannot be loaded or
 * its page crashes.
 */
export function RemotePage({ route }: RemotePageProps) {
  const [attempt, setAttempt] = useState(0);
  const { pathname } = useLocation();
  const Page = lazyRemotePage(route, attempt);

  return (
    <ErrorBoundary
      resetKeys={[pathname, attempt]}
      onError={(error) => console.error(`Could not render ${route.remote}/${route.module}`, error)}
      fallback={() => <RemoteLoadError onRetry={() => setAttempt((n) => n + 1)} />}
    >
      <Suspense fallback={<RemotePageLoading />}>
        <Page />
      </Suspense>
    </ErrorBoundary>
  );
}
