import type { CreatorProfileView, CreatorPublicAnalytics, TranscriptView } from '@innerecho/contracts';

/** What the library API answers; the shapes live in the contracts. */
export type Transcript = TranscriptView;
export type CreatorProfile = CreatorProfileView;
export type CreatorAnalytics = CreatorPublicAnalytics;
