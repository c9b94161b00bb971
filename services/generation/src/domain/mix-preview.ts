import { MIX_PREVIEW_SECONDS, type MixPreviewRequest } from '@innerecho/contracts';
import { badRequest, type ServiceContext } from '@innerecho/kit';
import type { GenerationConfig } from '../config';
import type { Caller } from '../data-access/upstream-request';
import type { DecodedMusicCache } from './decoded-music-cache';
import { affirmationSpeech, decodedMusic } from './generate-affirmation-audio';
import { renderAffirmationMp3 } from './render/render-affirmation';

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
  const { speech, track } = await affirmationSpeech({ context, userId, caller, request });
  // The request's schema requires a track; this only tells the compiler so.
  if (!track) throw badRequest('Choose background music to preview the balance', 'VALIDATION_FAILED');
  const music = await decodedMusic({ track, seconds: MIX_PREVIEW_SECONDS, musicCache, libraryUrl: config.LIBRARY_URL, caller });
  const rendered = await renderAffirmationMp3(
    { speech: speech.samples, music, durationSeconds: MIX_PREVIEW_SECONDS, musicBelowVoiceDb: request.musicBelowVoiceDb },
    { parallelism: config.RENDER_PARALLELISM, encoder: config.RENDER_ENCODER },
  );
  return rendered.mp3;
}
