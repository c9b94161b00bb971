import type { CreatorAccountView, CreatorProfileView, MusicTrackView, TranscriptView } from '@innerecho/contracts';

export type AdminTranscript = TranscriptView;
export type AdminCreator = CreatorProfileView;

/** A background track (duration in seconds). */
export type AdminMusicTrack = MusicTrackView;

/** GET /api/creator-accounts (admin): the account behind a profile, with its sign-in email and referral code. */
export type AdminCreatorAccount = CreatorAccountView;
