import { InProgressNotice } from '@innerecho/ui';

export type SavedAffirmationsTabProps = Record<string, never>;

/** The user's generated affirmations (generation issue). */
export function SavedAffirmationsTab(_props: SavedAffirmationsTabProps) {
  return <InProgressNotice>Your saved affirmations will appear here.</InProgressNotice>;
}
