import { mountPersonalReads, requireUser, type PersonalRead, type ServiceContext, declaredRoutes } from '@innerecho/kit';
import { ZSessionId, type VoiceEngineView, VOICE_ENDPOINTS } from '@innerecho/contracts';
import type { VoiceConfig } from '../../config';
import type { VoiceEngines } from '../../engines/create-voice-engines';
import type { SpeechSynthesizer } from '../../domain/synthesize-speech';
import {
  cloneVoice,
  deleteVoice,
  describeVoiceProfile,
  prepareReading,
  requestSampleUpload,
  speakInUsersVoice,
} from '../../domain/voice-use-cases';

interface Deps {
  context: ServiceContext<VoiceConfig>;
  engines: VoiceEngines;
  speech: SpeechSynthesizer;
}

/**
 * The listener's voice profile, asked by every screen that speaks in their voice: answered
 * before Express when the session is valid (see `personalReadLane`), by the routes otherwise.
 */
export function voicePersonalReads({ context, engines }: Pick<Deps, 'context' | 'engines'>): PersonalRead[] {
  return [
    {
      path: '/api/voice-profile/:sessionId',
      answer: async (req) => {
        const user = await context.sessionOwnership.assertOwner(req, req.params.sessionId);
        return describeVoiceProfile({ context, engines, userId: user.id });
      },
    },
  ];
}

/** /api/voice-profile/*: every route keyed by a sessionId checks its owner first. */
export function voiceProfileRoutes({ context, engines }: Deps) {
  const router = declaredRoutes(VOICE_ENDPOINTS);
  mountPersonalReads(router, voicePersonalReads({ context, engines }));

  // Which engine makes voices here, for everyone (visitors too): the pages that sell the plans
  // say what the voice will sound like. It changes only with the deployment's configuration.
  router.handle('GET /api/voice-engine', (_req, res) => {
    res.setHeader('cache-control', 'public, max-age=300');
    res.json({ cloneEngine: engines.current.name } satisfies VoiceEngineView);
  });

  router.handle('POST /api/voice-profile/upload', async (req, res) => {
    const user = requireUser(req);
    // The upload itself needs no subscription; cloning does, and is checked there.
    res.json(await requestSampleUpload({ context, userId: user.id }));
  });

  router.handle('POST /api/voice-profile/clone', async (req, res) => {
    const sessionId = ZSessionId.parse(req.body?.sessionId);
    const user = await context.sessionOwnership.assertOwner(req, sessionId);
    await context.entitlements.require(req);
    const result = await cloneVoice({
      context,
      engines,
      userId: user.id,
      ip: req.ip ?? 'unknown',
      body: req.body,
      requestId: req.requestId,
    });
    res.json(result);
  });

  router.handle('DELETE /api/voice-profile/:sessionId', async (req, res) => {
    const user = await context.sessionOwnership.assertOwner(req, req.params.sessionId);
    res.json(await deleteVoice({ context, engines, userId: user.id, logger: context.logger, requestId: req.requestId }));
  });

  return router;
}

/**
 * Called by the generation service with the user's token, never routed by the gateway:
 * the text spoken in the caller's cloned voice, cached per (voice, engine, text).
 */
export function internalSpeechRoutes({ context, speech }: Deps) {
  const router = declaredRoutes(VOICE_ENDPOINTS);

  router.handle('POST /internal/speech', async (req, res) => {
    const user = requireUser(req);
    const result = await speakInUsersVoice({ context, speech, userId: user.id, body: req.body });
    res.setHeader('content-type', 'audio/wav');
    res.setHeader('x-speech-cache', result.cache);
    res.setHeader('x-voice-id', result.voiceId);
    res.setHeader('content-length', String(result.wav.length));
    res.end(result.wav);
  });

  // A listener's own reading of an affirmation, checked like a voice sample (no clone needed).
  router.handle('POST /internal/readings', async (req, res) => {
    const user = requireUser(req);
    const reading = await prepareReading({ context, userId: user.id, body: req.body });
    res.setHeader('content-type', 'audio/wav');
    res.setHeader('x-reading-seconds', reading.seconds.toFixed(3));
    res.setHeader('content-length', String(reading.wav.length));
    res.end(reading.wav);
  });

  return router;
}
