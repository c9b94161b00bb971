import { InProgressNotice } from '@innerecho/ui';

export type MusicTabProps = Record<string, never>;

export function MusicTab(_props: MusicTabProps) {
  return <InProgressNotice>Music management is being built.</InProgressNotice>;
}
