import { getSessionId } from '@innerecho/ui';

/** Spec section 9: 60 to 3600 seconds in steps of 60, default 180. */
export const DURATION_MIN = 60;
export const DURATION_MAX = 3600;
export const DURATION_STEP = 60;
export const DURATION_DEFAULT = 180;
/** Spec section 9: playback speed 0.5 to 2.0 in steps of 0.05, default 1. */
export const SPEED_MIN = 0.5;
export const SPEED_MAX = 2;
export const SPEED_STEP = 0.05;

export const NO_MUSIC = 'none';

export interface MusicTrack {
  id: string;
  title: string;
  durationSeconds?: number;
}

export interface SavedAffirmation {
  id: string;
  createdAt: string;
  voiceSpeed: number;
  audioDuration: number;
  audioFilePath: string;
  backgroundMusic: { id: string | null; name: string } | null;
  transcript: { id: string; title: string | null; category: string | null } | null;
  customAffirmation: { id: string; title: string | null; category: string | null } | null;
}

export const savedAffirmationsQueryKey = (sessionId: string) => ['/api/saved-affirmations', sessionId] as const;

/** A failed generation: the server's words, and whether the cause is a missing clone. */
export class GenerationError extends Error {
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

/**
 * POST /api/generate-audio with the spec's body (section 7): voiceSpeed fixed at '1.0', the
 * duration as text, and the custom- prefix removed from custom ids. Answers an object URL
 * of the MP3, played and downloaded locally.
 */
export async function generateAudio(input: {
  affirmationId: string;
  durationSeconds: number;
  musicId: string;
}): Promise<{ url: string; bytes: number }> {
  const body: Record<string, string> = {
    sessionId: getSessionId(),
    voiceSpeed: '1.0',
    audioDuration: String(input.durationSeconds),
  };
  if (input.affirmationId.startsWith('custom-')) body.customAffirmationId = input.affirmationId.slice('custom-'.length);
  else body.transcriptId = input.affirmationId;
  if (input.musicId && input.musicId !== NO_MUSIC) body.backgroundMusicId = input.musicId;

  let res: Response;
  try {
    res = await fetch('/api/generate-audio', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
      credentials: 'include',
    });
  } catch {
    throw new GenerationError('Failed to generate audio');
  }
  if (!res.ok) {
    const data = (await res.json().catch(() => ({}))) as { error?: string; code?: string };
    throw new GenerationError(data.error || 'Failed to generate audio', data.code);
  }
  const blob = await res.blob();
  return { url: URL.createObjectURL(blob), bytes: blob.size };
}
