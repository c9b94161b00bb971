import { Container, Skeleton, VisuallyHidden } from '@innerecho/ui';

/**
 * Shown while a remote's code downloads. It fills the main area (which is already a
 * viewport tall) with a quiet page silhouette, so nothing below moves when the page arrives.
 */
export function RemotePageLoading() {
  return (
    <Container css={{ paddingTop: 56, paddingBottom: 56 }}>
      <div role="status" aria-live="polite" css={{ display: 'grid', gap: 18, maxWidth: 720 }}>
        <VisuallyHidden>Loading…</VisuallyHidden>
        <Skeleton width="38%" height={14} />
        <Skeleton width="72%" height={40} radius={12} />
        <Skeleton width="56%" height={18} />
        <div css={{ height: 12 }} />
        <Skeleton height={160} radius={18} />
      </div>
    </Container>
  );
}
