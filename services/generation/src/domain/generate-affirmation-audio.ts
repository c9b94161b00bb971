import { AffirmationGeneratedV1, type GenerateAudioRequest, type MusicTrackDetails } from '@innerecho/contracts';
import { decodeToPcm16, unavailable, type ServiceContext } from '@innerecho/kit';
import type { GenerationConfig } from '../config';
import { fetchAffirmationText, fetchMusicAudio, fetchMusicPcm, fetchMusicTrack } from '../data-access/library-client';
import { insertSavedAffirmation } from '../data-access/saved-affirmation-repository';
import type { Caller } from '../data-access/upstream-request';
import type { DecodedMusicCache } from './decoded-music-cache';
import { inRenderTurn, renderedAudioColumns, type GeneratedAudio, type RenderJob } from './render-turn';
import { SAMPLE_RATE } from './render/output-format';
import { ArrivingMusic } from './render/arriving-music';
import { streamAffirmationMp3 } from './render/render-affirmation';
import { loopedMusicFrames, MUSIC_LOOP_MAX_SECONDS } from './render/affirmation-signal';
import { ownReadingSamples } from './own-recordings';
import { speechForText } from './speech-for-text';

/**
 * POST /api/generate-audio. In a render turn (a place in the render queue and the seconds
 * against today's allowance first, nothing kept or charged when the listener leaves), on its
 * turn: the text (a transcript, or the caller's own custom affirmation), the caller's own
 * reading of it or their cloned voice speaking it (cached by the voice service), the render,
 * its MP3 streamed to the listener and to the object store as it is made (`deliver`), and last
 * the saved affirmation, the used seconds and affirmation.generated in one transaction, only
 * once the file is whole.
 */
export async function generateAffirmationAudio(options: RenderJob<GenerateAudioRequest>): Promise<GeneratedAudio> {
  const { context, userId, caller, request, musicCache, periods, signal, logger } = options;
  const { config } = context;
  const seconds = request.audioDuration;
  return inRenderTurn(options, seconds, async (turn) => {
    const { source, text, track, speech, ownReading } = await affirmationSpeech({ context, userId, caller, request });
    signal.throwIfAborted();
    const music = track ? await decodedMusic({ track, seconds, musicCache, libraryUrl: config.LIBRARY_URL, caller }) : null;
    const started = performance.now();
    const rendering = await streamAffirmationMp3(
      {
        speech: speech.samples,
        music,
        durationSeconds: seconds,
        musicId: track?.id,
        musicLevel: track?.loudness ?? undefined,
        musicBelowVoiceDb: request.musicBelowVoiceDb,
      },
      { parallelism: config.RENDER_PARALLELISM, encoder: config.RENDER_ENCODER, periods, signal },
    );
    const voiceSource = ownReading ? 'own' : 'cloned';
    const rendered = await turn.deliver(rendering, { speechMisses: speech.misses, voice: voiceSource, seconds });
    logger.info(
      {
        mode: rendered.mode,
        encoder: rendered.encoder,
        seconds,
        frames: rendered.frames,
        encodedFrames: rendered.encodedFrames,
        period: rendered.period,
        ms: Math.round(performance.now() - started),
        speechMisses: speech.misses,
      },
      'affirmation rendered',
    );

    const record = await turn.save(async (tx) => {
      const record = await insertSavedAffirmation(tx, {
        ...renderedAudioColumns({ turn, userId, request, seconds, track, size: rendered.size }),
        transcriptId: source.kind === 'transcript' ? text.id : null,
        customAffirmationId: source.kind === 'custom' ? text.id : null,
        title: text.title,
        category: text.category,
        voiceSource,
      });
      await context.outbox.add(
        tx,
        AffirmationGeneratedV1,
        {
          savedAffirmationId: turn.id,
          userId,
          transcriptId: record.transcriptId,
          customAffirmationId: record.customAffirmationId,
          audioDurationSeconds: seconds,
        },
        { requestId: caller.requestId },
      );
      return record;
    });
    return { saved: record, speechMisses: speech.misses };
  });
}

/**
 * What a render speaks and over what: the text (a transcript, or the caller's own custom
 * affirmation), the chosen track, and the speech. The listener's own reading of the text, when
 * they kept one, is the speech: no engine call and no clone needed. Otherwise the cloned voice
 * speaks it (cached by the voice service), which refuses with 409 'Please record and clone your
 * voice first' when there is no clone. Generating and the balance preview both call it once
 * their turn in the render queue has come.
 */
export async function affirmationSpeech(options: {
  context: ServiceContext<GenerationConfig>;
  userId: string;
  caller: Caller;
  request: { transcriptId?: string; customAffirmationId?: string; backgroundMusicId?: string | null };
}) {
  const { context, userId, caller, request } = options;
  const { config } = context;
  const source = request.transcriptId
    ? ({ kind: 'transcript', id: request.transcriptId } as const)
    : ({ kind: 'custom', id: request.customAffirmationId! } as const);
  const [text, track] = await Promise.all([
    fetchAffirmationText(config.LIBRARY_URL, caller, source),
    request.backgroundMusicId
      ? fetchMusicTrack(config.LIBRARY_URL, caller, request.backgroundMusicId)
      : Promise.resolve<MusicTrackDetails | null>(null),
  ]);
  const ownReading = await ownReadingSamples(context, userId, source);
  const speech = ownReading ? { samples: ownReading, misses: 0 } : await speechForText(config.VOICE_URL, caller, text.content);
  if (speech.samples.length === 0) throw unavailable('Your voice could not speak this text. Please try again.');
  return { source, text, track, speech, ownReading };
}

/**
 * The track for the mix, from the cache when the whole track fits in it. The library stores
 * each track decoded on upload (its PCM at the mix's rate and layout), so a render reads the
 * samples and decodes nothing; only the frames the render can use are read when the whole
 * track does not fit in the cache. A track the library has not prepared yet (older tracks, in
 * the minutes after a first start) is decoded here: while still being decoded when it was
 * measured (the render starts encoding at once), first otherwise.
 */
export async function decodedMusic(options: {
  track: MusicTrackDetails;
  seconds: number;
  musicCache: DecodedMusicCache;
  libraryUrl: string;
  caller: Caller;
}) {
  const { track, seconds, musicCache, libraryUrl, caller } = options;
  const fetchAudio = () => fetchMusicAudio(libraryUrl, caller, track.id);
  // A render loops at most the track's first MUSIC_LOOP_MAX_SECONDS: only those are read or kept.
  const measured =
    track.decodedFrames && track.loudness ? { frames: loopedMusicFrames(track.decodedFrames, SAMPLE_RATE), level: track.loudness } : null;
  const usable = Math.min(seconds, MUSIC_LOOP_MAX_SECONDS) * SAMPLE_RATE;
  // The stored duration is ffprobe's: allow a little for a decoder's extra samples.
  const bytes = measured ? measured.frames * 4 : Math.min(track.durationSeconds + 1, MUSIC_LOOP_MAX_SECONDS) * SAMPLE_RATE * 4;
  if (!musicCache.fits(bytes)) {
    const pcm = measured ? await fetchMusicPcm(libraryUrl, caller, track.id, usable) : null;
    return pcm ?? decodeToPcm16(await fetchAudio(), 2, SAMPLE_RATE, { maxSeconds: Math.min(seconds, MUSIC_LOOP_MAX_SECONDS) });
  }
  const music = await musicCache.get(track.id, async () => {
    const pcm = measured ? await fetchMusicPcm(libraryUrl, caller, track.id, measured.frames) : null;
    if (pcm) return pcm;
    return measured
      ? ArrivingMusic.decode(await fetchAudio(), measured.frames, measured.level)
      : decodeToPcm16(await fetchAudio(), 2, SAMPLE_RATE, { maxSeconds: MUSIC_LOOP_MAX_SECONDS });
  });
  if (music instanceof ArrivingMusic) {
    music.finished.catch(() => musicCache.forget(track.id));
    return music;
  }
  return music.subarray(0, Math.min(music.length, usable * 2));
}
