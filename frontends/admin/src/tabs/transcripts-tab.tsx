import { InProgressNotice } from '@innerecho/ui';

export type TranscriptsTabProps = Record<string, never>;

export function TranscriptsTab(_props: TranscriptsTabProps) {
  return <InProgressNotice>Transcripts management is being built.</InProgressNotice>;
}
