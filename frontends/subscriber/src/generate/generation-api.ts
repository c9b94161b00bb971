import {
  DEFAULT_DURATION_SECONDS,
  DURATION_STEP_SECONDS,
  MAX_DURATION_SECONDS,
  MIN_DURATION_SECONDS,
  PLAYBACK_SPEED_DEFAULT,
  PLAYBACK_SPEED_MAX,
  PLAYBACK_SPEED_MIN,
  PLAYBACK_SPEED_STEP,
  type SavedAffirmationView,
  type EndpointRequest,
  customAffirmationRef,
  parseCustomAffirmationRef,
} from '@innerecho/contracts';
import { apiQueryKey, callApi, callApiForResponse, getSessionId, isApiError, serverErrorCode, serverErrorMessage } from '@innerecho/ui';
import type { UndoableDelete } from '../deleting/undoable-delete';

/** Audio duration: 60 to 3600 seconds in steps of 60, 3 minutes by default. */
export const DURATION_MIN = MIN_DURATION_SECONDS;
export const DURATION_MAX = MAX_DURATION_SECONDS;
export const DURATION_STEP = DURATION_STEP_SECONDS;
export const DURATION_DEFAULT = DEFAULT_DURATION_SECONDS;
/** Playback speed: 0.5x to 2x in steps of 0.05, 1x by default. */
export const SPEED_MIN = PLAYBACK_SPEED_MIN;
export const SPEED_MAX = PLAYBACK_SPEED_MAX;
export const SPEED_STEP = PLAYBACK_SPEED_STEP;
export const SPEED_DEFAULT = PLAYBACK_SPEED_DEFAULT;

export const NO_MUSIC = 'none';

/** The background music picker's options: no music first, then the library's tracks. */
export function musicChoices(tracks: readonly { id: string; title: string }[] | undefined) {
  return [{ value: NO_MUSIC, label: 'No Music' }, ...(tracks ?? []).map((m) => ({ value: m.id, label: m.title }))];
}

/** How the saved list and the preview name the speech of an affirmation. */
export const voiceLabel = (voice: 'own' | 'cloned') => (voice === 'own' ? 'Your recording' : 'Cloned voice');

/**
 * Where "Generate Again" leads: the generate page of the same text (a library transcript, or
 * the listener's own words), with the saved affirmation's length, music and balance chosen. Null when
 * the saved affirmation no longer names its text.
 */
export function generateAgainPath(item: SavedAffirmationView): string | null {
  const target = item.transcript ? item.transcript.id : item.customAffirmation ? customAffirmationRef(item.customAffirmation.id) : null;
  if (!target) return null;
  const settings = new URLSearchParams({ duration: String(item.audioDuration) });
  if (item.backgroundMusic?.id) {
    settings.set('music', item.backgroundMusic.id);
    if (item.musicBelowVoiceDb !== null) settings.set('balance', String(item.musicBelowVoiceDb));
  }
  return `/generate/${target}?${settings}`;
}

/** The call that deletes one saved affirmation of this browser's listener. */
export const savedAffirmationDelete = (savedId: string) =>
  ({
    endpoint: 'DELETE /api/saved-affirmations/:sessionId/:id',
    request: { params: { sessionId: getSessionId(), id: savedId } },
  }) satisfies UndoableDelete<'DELETE /api/saved-affirmations/:sessionId/:id'>;

export const savedAffirmationsQueryKey = (sessionId: string) =>
  apiQueryKey('GET /api/saved-affirmations/:sessionId', { params: { sessionId } });
export const DAILY_ALLOWANCE_QUERY_KEY = apiQueryKey('GET /api/generate-audio/allowance');

/** A failed generation: the server's words, and its code (a missing clone, the daily limit). */
export class GenerationError extends Error {
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

/** What a listener is told when a render's MP3 stopped arriving before it was whole. */
const RENDER_CUT_OFF = 'The audio stopped before it was whole. Nothing was saved or charged; please try again.';

/**
 * The MP3 of a render's answer. It arrives as it is made: a render that fails or is stopped
 * after its first bytes ends the download early (nothing saved), said as a GenerationError.
 */
export async function renderedAudio(res: Response): Promise<Blob> {
  try {
    return await res.blob();
  } catch {
    throw new GenerationError(RENDER_CUT_OFF);
  }
}

/** The text a request is about: custom ids go without their custom- prefix. */
export function affirmationIdField(affirmationId: string): { customAffirmationId: string } | { transcriptId: string } {
  const customAffirmationId = parseCustomAffirmationRef(affirmationId);
  return customAffirmationId === null ? { transcriptId: affirmationId } : { customAffirmationId };
}

/** The requests whose answer is an MP3, sent as it is made. */
export type AudioEndpointId = 'POST /api/generate-audio' | 'POST /api/generate-audio/preview' | 'POST /api/generate-audio/session';

/**
 * Calls an endpoint whose answer is an MP3. A network failure says `unreachable`; a refusal
 * carries the server's message and code (or `refused` when the answer has none).
 */
export async function postForAudio<Id extends AudioEndpointId>(
  id: Id,
  request: EndpointRequest<Id>,
  messages: { unreachable: string; refused: string },
): Promise<Response> {
  try {
    return await callApiForResponse(id, request);
  } catch (error) {
    if (!isApiError(error)) throw new GenerationError(messages.unreachable);
    throw new GenerationError(serverErrorMessage(error) || messages.refused, serverErrorCode(error));
  }
}

/**
 * POST /api/generate-audio: voiceSpeed is always sent as '1.0' (the chosen speed is a playback
 * setting, kept with the saved affirmation), the duration as text, and custom ids without their
 * custom- prefix. Answers an object URL of the MP3 (played and downloaded locally) and the id
 * the server saved it under.
 */
export async function generateAudio(input: {
  affirmationId: string;
  durationSeconds: number;
  musicId: string;
  musicBelowVoiceDb?: number;
}): Promise<{ url: string; bytes: number; savedId: string | null; voice: 'own' | 'cloned' }> {
  const withMusic = input.musicId && input.musicId !== NO_MUSIC;
  const res = await postForAudio(
    'POST /api/generate-audio',
    {
      body: {
        sessionId: getSessionId(),
        voiceSpeed: '1.0',
        audioDuration: String(input.durationSeconds),
        ...(withMusic ? { backgroundMusicId: input.musicId } : {}),
        ...(withMusic && input.musicBelowVoiceDb !== undefined ? { musicBelowVoiceDb: String(input.musicBelowVoiceDb) } : {}),
        ...affirmationIdField(input.affirmationId),
      },
    },
    { unreachable: 'Failed to generate audio', refused: 'Failed to generate audio' },
  );
  const blob = await renderedAudio(res);
  return {
    url: URL.createObjectURL(blob),
    bytes: blob.size,
    savedId: res.headers.get('x-saved-affirmation-id'),
    voice: res.headers.get('x-speech-voice') === 'own' ? 'own' : 'cloned',
  };
}

/** Keeps the playback speed chosen for a saved affirmation (its player and label use it). */
export const saveAffirmationSpeed = (savedId: string, voiceSpeed: number): Promise<SavedAffirmationView> =>
  callApi('PATCH /api/saved-affirmations/:sessionId/:id', { params: { sessionId: getSessionId(), id: savedId }, body: { voiceSpeed } });

/** A few seconds of the mix at a balance, rendered by the server (no allowance used): an object URL of the MP3. */
export async function previewMix(input: { affirmationId: string; musicId: string; musicBelowVoiceDb: number }): Promise<string> {
  const res = await postForAudio(
    'POST /api/generate-audio/preview',
    {
      body: {
        sessionId: getSessionId(),
        backgroundMusicId: input.musicId,
        musicBelowVoiceDb: input.musicBelowVoiceDb,
        ...affirmationIdField(input.affirmationId),
      },
    },
    {
      unreachable: 'The preview could not be made. Please check your connection and try again.',
      refused: 'The preview could not be made. Please try again.',
    },
  );
  return URL.createObjectURL(await res.blob());
}
