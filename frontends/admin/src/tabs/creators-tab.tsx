import { InProgressNotice } from '@innerecho/ui';

export type CreatorsTabProps = Record<string, never>;

export function CreatorsTab(_props: CreatorsTabProps) {
  return <InProgressNotice>Creators management is being built.</InProgressNotice>;
}
