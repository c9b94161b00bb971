import { MIX_PREVIEW_SECONDS, type MixPreviewRequest } from '@innerecho/contracts';
import { unavailable, type ServiceContext } from '@innerecho/kit';
import type { GenerationConfig } from '../config';
import { fetchAffirmationText, fetchMusicTrack } from '../data-access/library-client';
import type { Caller } from '../data-access/upstream-request';
import type { DecodedMusicCache } from './decoded-music-cache';
import { decodedMusic } from './generate-affirmation-audio';
import { ownReadingSamples } from './own-recordings';
import { renderAffirmationMp3 } from './render/render-affirmation';
import { speechForText } from './speech-for-text';

/**
 * The first seconds of an affirmation over its music at a balance, so the listener hears the
 * balance before generating: the same speech (their own reading, or the cloned voice through
 * the speech cache, so the later render costs no engine call) and the same render code. Uses
 * none of the daily allowance and saves nothing.
 */
export async function previewMix(options: {
  context: ServiceContext<GenerationConfig>;
  userId: string;
  caller: Caller;
  request: MixPreviewRequest;
  musicCache: DecodedMusicCache;
}): Promise<Buffer> {
  const { context, userId, caller, request, musicCache } = options;
  const { config } = context;
  const source = request.transcriptId
    ? ({ kind: 'transcript', id: request.transcriptId } as const)
    : ({ kind: 'custom', id: request.customAffirmationId! } as const);
  const [text, track] = await Promise.all([
    fetchAffirmationText(config.LIBRARY_URL, caller, source),
    fetchMusicTrack(config.LIBRARY_URL, caller, request.backgroundMusicId),
  ]);
  const own = await ownReadingSamples(context, userId, source);
  const speech = own ?? (await speechForText(config.VOICE_URL, caller, text.content)).samples;
  if (speech.length === 0) throw unavailable('Your voice could not speak this text. Please try again.');
  const music = await decodedMusic({ track, seconds: MIX_PREVIEW_SECONDS, musicCache, libraryUrl: config.LIBRARY_URL, caller });
  const rendered = await renderAffirmationMp3(
    { speech, music, durationSeconds: MIX_PREVIEW_SECONDS, musicBelowVoiceDb: request.musicBelowVoiceDb },
    { parallelism: config.RENDER_PARALLELISM, encoder: config.RENDER_ENCODER },
  );
  return rendered.mp3;
}
