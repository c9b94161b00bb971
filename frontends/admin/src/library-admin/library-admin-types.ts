import type { CreatorAccountView, CreatorProfileView, TranscriptView } from '@innerecho/contracts';

export type AdminTranscript = TranscriptView;
export type AdminCreator = CreatorProfileView;

export interface AdminMusicTrack {
  id: string;
  title: string;
  /** Seconds. */
  duration: number;
}

/** GET /api/creator-accounts (admin): the account behind a profile, with its sign-in email and referral code. */
export type AdminCreatorAccount = CreatorAccountView;
