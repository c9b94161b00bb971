import type { TranscriptView } from '@innerecho/contracts';

/** What the library API answers; the shapes live in the contracts. */
export type Transcript = TranscriptView;
