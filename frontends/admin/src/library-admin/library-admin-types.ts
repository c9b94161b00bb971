import type { AdminCreatorAccountView, CreatorProfileView, MusicTrackView, TranscriptView } from '@innerecho/contracts';

export type AdminTranscript = TranscriptView;
export type AdminCreator = CreatorProfileView;

/** A background track (duration in seconds). */
export type AdminMusicTrack = MusicTrackView;

/** GET /api/creator-accounts (admin): the account behind a profile, its sign-in email, referral code and unused setup link's expiry. */
export type AdminCreatorAccount = AdminCreatorAccountView;
