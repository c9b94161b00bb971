import type { CreatorProfileView, TranscriptView } from '@innerecho/contracts';

export type AdminTranscript = TranscriptView;
export type AdminCreator = CreatorProfileView;

export interface AdminMusicTrack {
  id: string;
  title: string;
  /** Seconds. */
  duration: number;
}
