import {
  AFFIRMATION_SESSION_MESSAGES,
  AffirmationSessionGeneratedV1,
  MAX_DURATION_SECONDS,
  type AffirmationSessionPartView,
  type AffirmationSessionRequest,
  type AffirmationTextView,
  type MusicTrackDetails,
} from '@innerecho/contracts';
import { badRequest, unavailable, type ServiceContext } from '@innerecho/kit';
import type { GenerationConfig } from '../config';
import { fetchAffirmationText, fetchMusicTrack } from '../data-access/library-client';
import { insertSavedAffirmation } from '../data-access/saved-affirmation-repository';
import type { Caller } from '../data-access/upstream-request';
import { decodedMusic } from './generate-affirmation-audio';
import { inRenderTurn, renderedAudioColumns, type GeneratedAudio, type RenderJob } from './render-turn';
import { ownReadingSamples } from './own-recordings';
import { loopedMusicFrames } from './render/affirmation-signal';
import { planAffirmationSessionCycle, repeatedSessionSeconds } from './render/affirmation-session-plan';
import { SAMPLE_RATE } from './render/output-format';
import { streamAffirmationMp3 } from './render/render-affirmation';
import { speechForText } from './speech-for-text';

type Source = { kind: 'transcript' | 'custom'; id: string };

const sourceOf = (part: AffirmationSessionRequest['affirmations'][number]): Source =>
  'transcriptId' in part ? { kind: 'transcript', id: part.transcriptId } : { kind: 'custom', id: part.customAffirmationId };
const keyOf = (source: Source) => `${source.kind}:${source.id}`;

/**
 * POST /api/generate-audio/session: several affirmations in order, the order repeated, in one
 * MP3 saved like a single affirmation. The same render turn as a single render (a place in the
 * render queue and the seconds against today's allowance first), then on its turn the texts,
 * each affirmation's speech (the listener's own reading when they kept one, else the cloned
 * voice, cached by the voice service: an affirmation spoken before costs no engine call), the
 * render, the file, and last the saved affirmation, the used seconds and the event in one transaction.
 *
 * A length given as repetitions is known only once the speech is: the seconds the pauses alone
 * take are reserved first (so a listener whose hour is used up is refused before any speech),
 * and the rest once the speech is known (429 then, nothing kept).
 */
export async function generateAffirmationSession(options: RenderJob<AffirmationSessionRequest>): Promise<GeneratedAudio> {
  const { context, userId, caller, request, musicCache, periods, signal, logger } = options;
  const { config } = context;
  const sources = request.affirmations.map(sourceOf);
  const length = request.length;
  const repetitions = length.repetitionsPerAffirmation;
  const firstSeconds =
    repetitions === undefined ? length.totalMinutes! * 60 : Math.max(1, Math.floor(repetitions * sources.length * request.pauseSeconds));
  return inRenderTurn(options, firstSeconds, async (turn) => {
    const { texts, track } = await sessionTexts(config.LIBRARY_URL, caller, sources, request.backgroundMusicId);
    signal.throwIfAborted();
    const speeches = await sessionSpeech({ context, userId, caller, sources, texts, signal });
    signal.throwIfAborted();

    const musicFrames = track ? loopedMusicFrames(track.decodedFrames ?? Math.round(track.durationSeconds * SAMPLE_RATE), SAMPLE_RATE) : 0;
    const cycle = planAffirmationSessionCycle({
      speeches: sources.map((source) => speeches.get(keyOf(source))!.samples),
      pauseSeconds: request.pauseSeconds,
      musicSamples: musicFrames,
    });
    let seconds: number;
    if (repetitions === undefined) {
      seconds = firstSeconds;
      // Every affirmation must be heard at least once.
      if (cycle.clip.length / SAMPLE_RATE > seconds - 1) {
        throw badRequest(
          `These affirmations take ${Math.ceil(cycle.clip.length / SAMPLE_RATE / 60)} minutes to say once. Choose a longer session or fewer affirmations.`,
          'SESSION_TOO_SHORT',
        );
      }
    } else {
      seconds = repeatedSessionSeconds(cycle, repetitions);
      if (seconds > MAX_DURATION_SECONDS) throw badRequest(AFFIRMATION_SESSION_MESSAGES.tooLong, 'SESSION_TOO_LONG');
      if (seconds > firstSeconds) await turn.reserveMore(seconds - firstSeconds);
    }

    const music = track ? await decodedMusic({ track, seconds, musicCache, libraryUrl: config.LIBRARY_URL, caller }) : null;
    const started = performance.now();
    // With music the plan measures the track as decoded: for a track the library has not
    // measured, the cycle above used its stated length, and the render finds the period itself.
    const rendering = await streamAffirmationMp3(
      {
        speech: cycle.clip,
        music,
        durationSeconds: seconds,
        pause: cycle.pause,
        musicId: track?.id,
        musicBelowVoiceDb: request.musicBelowVoiceDb,
      },
      { parallelism: config.RENDER_PARALLELISM, encoder: config.RENDER_ENCODER, periods, signal },
    );
    const speechMisses = [...speeches.values()].reduce((sum, s) => sum + s.misses, 0);
    const allOwn = [...speeches.values()].every((speech) => speech.own);
    const voiceSource = allOwn ? 'own' : 'cloned';
    const rendered = await turn.deliver(rendering, { speechMisses, voice: voiceSource, seconds });
    logger.info(
      {
        mode: rendered.mode,
        seconds,
        affirmations: sources.length,
        pauseSeconds: cycle.pauseSeconds,
        encodedFrames: rendered.encodedFrames,
        frames: rendered.frames,
        period: rendered.period,
        ms: Math.round(performance.now() - started),
        speechMisses,
      },
      'affirmation session rendered',
    );

    const sessionParts: AffirmationSessionPartView[] = sources.map((source, i) => ({
      title: texts[i].title ?? 'Affirmation',
      transcriptId: source.kind === 'transcript' ? source.id : null,
      customAffirmationId: source.kind === 'custom' ? source.id : null,
      spokenWith: speeches.get(keyOf(source))!.own ? 'own-recording' : 'cloned-voice',
    }));
    const transcriptIds = sources.filter((s) => s.kind === 'transcript').map((s) => s.id);
    const record = await turn.save(async (tx) => {
      const record = await insertSavedAffirmation(tx, {
        ...renderedAudioColumns({ turn, userId, request, seconds, track, size: rendered.size }),
        transcriptId: null,
        customAffirmationId: null,
        title: request.name ?? `Session of ${sources.length} affirmations`,
        category: null,
        voiceSource,
        sessionParts,
        collectionId: request.collectionId ?? null,
      });
      await context.outbox.add(
        tx,
        AffirmationSessionGeneratedV1,
        { savedAffirmationId: turn.id, userId, collectionId: request.collectionId ?? null, transcriptIds, audioDurationSeconds: seconds },
        { requestId: caller.requestId },
      );
      return record;
    });
    return { saved: record, speechMisses };
  });
}

/** The texts in order (the library checks each custom affirmation is the caller's: 404 otherwise) and the track. */
async function sessionTexts(libraryUrl: string, caller: Caller, sources: Source[], musicId: string | undefined) {
  const distinct = new Map(sources.map((source) => [keyOf(source), source]));
  const [fetched, track] = await Promise.all([
    Promise.all(
      [...distinct.values()].map(async (source) => [keyOf(source), await fetchAffirmationText(libraryUrl, caller, source)] as const),
    ),
    musicId ? fetchMusicTrack(libraryUrl, caller, musicId) : Promise.resolve<MusicTrackDetails | null>(null),
  ]);
  const byKey = new Map<string, AffirmationTextView>(fetched);
  return { texts: sources.map((source) => byKey.get(keyOf(source))!), track };
}

/**
 * Each distinct affirmation's speech, once: the listener's own reading when they kept one,
 * else the cloned voice (the voice service keeps what it spoke, so an affirmation spoken
 * before costs no engine call). One at a time, as a single render asks for one.
 */
async function sessionSpeech(options: {
  context: ServiceContext<GenerationConfig>;
  userId: string;
  caller: Caller;
  sources: Source[];
  texts: AffirmationTextView[];
  signal: AbortSignal;
}) {
  const { context, userId, caller, sources, texts, signal } = options;
  const speeches = new Map<string, { samples: Float32Array; misses: number; own: boolean }>();
  for (const [i, source] of sources.entries()) {
    const key = keyOf(source);
    if (speeches.has(key)) continue;
    signal.throwIfAborted();
    const own = await ownReadingSamples(context, userId, source);
    const speech = own ? { samples: own, misses: 0 } : await speechForText(context.config.VOICE_URL, caller, texts[i].content);
    if (speech.samples.length === 0) throw unavailable(`Your voice could not speak "${texts[i].title}". Please try again.`);
    speeches.set(key, { samples: speech.samples, misses: speech.misses, own: !!own });
  }
  return speeches;
}
