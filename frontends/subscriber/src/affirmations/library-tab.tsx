import { InProgressNotice } from '@innerecho/ui';

export type LibraryTabProps = Record<string, never>;

/** Featured Creators and All Affirmations (library issue). */
export function LibraryTab(_props: LibraryTabProps) {
  return <InProgressNotice>The affirmation library is being built.</InProgressNotice>;
}
