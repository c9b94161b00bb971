import { MIX_PREVIEW_SECONDS, type MixPreviewRequest } from '@innerecho/contracts';
import { badRequest, type ServiceContext } from '@innerecho/kit';
import type { GenerationConfig } from '../config';
import type { Caller } from '../data-access/upstream-request';
import type { DecodedMusicCache } from './decoded-music-cache';
import { affirmationSpeech, decodedMusic } from './generate-affirmation-audio';
import type { RenderQueue } from './render-queue';
import { renderAffirmationMp3, wholeMp3 } from './render/render-affirmation';

/**
 * The first seconds of an affirmation over its music at a balance, so the listener hears the
 * balance before generating: the same speech (their own reading, or the cloned voice through
 * the speech cache, so the later render costs no engine call) and the same render code. Uses
 * none of the daily allowance and saves nothing. It takes the cores like a render, so it takes
 * a turn in the same fair line first (refused at once when the line is full, or when the
 * listener already has PREVIEWS_PER_LISTENER there), before any text or speech work.
 */
export async function previewMix(options: {
  context: ServiceContext<GenerationConfig>;
  userId: string;
  caller: Caller;
  request: MixPreviewRequest;
  musicCache: DecodedMusicCache;
  queue: RenderQueue;
  /** Fires when the listener goes away before the answer is sent (or the service stops). */
  signal: AbortSignal;
}): Promise<Buffer> {
  const { context, userId, caller, request, musicCache, queue, signal } = options;
  const { config } = context;
  const turn = queue.admit(userId, 'preview', signal);
  try {
    await turn.started;
    signal.throwIfAborted();
    const { speech, track } = await affirmationSpeech({ context, userId, caller, request });
    // The request's schema requires a track; this only tells the compiler so.
    if (!track) throw badRequest('Choose background music to preview the balance', 'VALIDATION_FAILED');
    signal.throwIfAborted();
    const music = await decodedMusic({ track, seconds: MIX_PREVIEW_SECONDS, musicCache, libraryUrl: config.LIBRARY_URL, caller });
    const rendered = await renderAffirmationMp3(
      { speech: speech.samples, music, durationSeconds: MIX_PREVIEW_SECONDS, musicBelowVoiceDb: request.musicBelowVoiceDb },
      { parallelism: config.RENDER_PARALLELISM, encoder: config.RENDER_ENCODER, signal },
    );
    return wholeMp3(rendered);
  } finally {
    turn.release();
  }
}
