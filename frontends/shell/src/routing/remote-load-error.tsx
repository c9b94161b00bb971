import { Container, ErrorState } from '@innerecho/ui';

export interface RemoteLoadErrorProps {
  onRetry: () => void;
}

export const REMOTE_ERROR_TITLE = "This part of InnerEcho didn't load";

export function RemoteLoadError({ onRetry }: RemoteLoadErrorProps) {
  return (
    <Container css={{ paddingTop: 56, paddingBottom: 56 }}>
      <ErrorState
        headingLevel="h1"
        title={REMOTE_ERROR_TITLE}
        description="It may be a brief connection problem. The rest of the app still works, and your data is safe."
        onRetry={onRetry}
        retryLabel="Try again"
      />
    </Container>
  );
}
