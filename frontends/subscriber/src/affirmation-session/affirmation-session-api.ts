import { getSessionId } from '@innerecho/ui';
import { NO_MUSIC, affirmationIdField, postForAudio, renderedAudio } from '../generate/generation-api';

export type SessionLength = { totalMinutes: number } | { repetitionsPerAffirmation: number };

/**
 * POST /api/generate-audio/session: the affirmations in the listener's order (custom ids
 * without their custom- prefix), the length, the pause, the music and balance. Answers an
 * object URL of the MP3, the saved affirmation's id and its length (known only once spoken when asked
 * as repetitions).
 */
export async function generateAffirmationSession(input: {
  affirmationIds: string[];
  length: SessionLength;
  pauseSeconds: number;
  musicId: string;
  musicBelowVoiceDb: number;
  collectionId: string | null;
  name: string;
}): Promise<{ url: string; savedId: string | null; durationSeconds: number; voice: 'own' | 'cloned' }> {
  const withMusic = input.musicId && input.musicId !== NO_MUSIC;
  const res = await postForAudio(
    'POST /api/generate-audio/session',
    {
      body: {
        sessionId: getSessionId(),
        affirmations: input.affirmationIds.map(affirmationIdField),
        length: input.length,
        pauseSeconds: input.pauseSeconds,
        voiceSpeed: 1,
        ...(withMusic ? { backgroundMusicId: input.musicId, musicBelowVoiceDb: input.musicBelowVoiceDb } : {}),
        ...(input.collectionId ? { collectionId: input.collectionId } : {}),
        name: input.name,
      },
    },
    { unreachable: 'Failed to generate the session', refused: 'Failed to generate the session' },
  );
  const blob = await renderedAudio(res);
  return {
    url: URL.createObjectURL(blob),
    savedId: res.headers.get('x-saved-affirmation-id'),
    durationSeconds: Number(res.headers.get('x-audio-duration-seconds')) || 0,
    voice: res.headers.get('x-speech-voice') === 'own' ? 'own' : 'cloned',
  };
}
