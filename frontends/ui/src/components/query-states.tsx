import type { ReactNode } from 'react';
import { Skeleton } from './skeleton';
import { ErrorState } from './states';

/** The parts of a react-query result that decide which state a list shows. */
export interface QueryStatesQuery<T> {
  data: T | undefined;
  isError: boolean;
  refetch: () => unknown;
}

export interface QueryStatesProps<T> {
  query: QueryStatesQuery<T>;
  /** The heading of the error state, naming what could not be loaded. */
  errorTitle: string;
  /** Shown while the first answer is on its way (a skeleton of the content). */
  loading: ReactNode;
  /** Shown when the answer holds nothing to list. */
  empty: ReactNode;
  /** Whether the answer holds nothing to list; by default, an empty array. */
  isEmpty?: (data: T) => boolean;
  /** The content, given the answer. */
  children: (data: T) => ReactNode;
}

const isEmptyArray = (data: unknown) => Array.isArray(data) && data.length === 0;

/**
 * One query's four states in the order every screen shows them: a failure (with a retry), the
 * loading skeleton, the empty state, then the content.
 */
export function QueryStates<T>({ query, errorTitle, loading, empty, isEmpty = isEmptyArray, children }: QueryStatesProps<T>) {
  if (query.isError) return <ErrorState title={errorTitle} onRetry={() => void query.refetch()} />;
  if (query.data === undefined) return <>{loading}</>;
  if (isEmpty(query.data)) return <>{empty}</>;
  return <>{children(query.data)}</>;
}

export interface SkeletonListProps {
  count: number;
  height: number;
  radius?: number;
  className?: string;
}

/** A column of `count` skeleton rows, announced as busy, while a list loads. */
export function SkeletonList({ count, height, radius, className }: SkeletonListProps) {
  return (
    <div className={className} css={{ display: 'grid', gap: 10 }} aria-busy="true">
      {Array.from({ length: count }, (_, i) => (
        <Skeleton key={i} height={height} radius={radius} />
      ))}
    </div>
  );
}
