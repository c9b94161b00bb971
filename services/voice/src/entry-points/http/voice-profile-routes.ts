import {
  mountPersonalReads,
  requireUser,
  type PersonalRead,
  type ServiceContext,
  type SessionClaims,
  declaredRoutes,
} from '@innerecho/kit';
import { VOICE_ENDPOINTS } from '@innerecho/contracts';
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
  const router = declaredRoutes(VOICE_ENDPOINTS, { context });
  mountPersonalReads(router, voicePersonalReads({ context, engines }));

  // Which engine makes voices here, for everyone (visitors too): the pages that sell the plans
  // say what the voice will sound like. It changes only with the deployment's configuration.
  router.answer('GET /api/voice-engine', () => ({
    status: 200,
    body: { cloneEngine: engines.current.name },
    headers: { 'cache-control': 'public, max-age=300' },
  }));

  // The upload itself needs no subscription; cloning does (declared `subscriber`: the plan is asked before it).
  router.answer('POST /api/voice-profile/upload', async ({ user }) => ({
    status: 200,
    body: await requestSampleUpload({ context, userId: user.id }),
  }));

  router.answer('POST /api/voice-profile/clone', async ({ body, req }) => {
    const owner = await context.sessionOwnership.assertOwner(req, body.sessionId);
    const result = await cloneVoice({ context, engines, userId: owner.id, ip: req.ip ?? 'unknown', body, requestId: req.requestId });
    return { status: 200, body: result };
  });

  router.answer('DELETE /api/voice-profile/:sessionId', async ({ params, req }) => {
    const owner = await context.sessionOwnership.assertOwner(req, params.sessionId);
    return {
      status: 200,
      body: await deleteVoice({ context, engines, userId: owner.id, logger: context.logger, requestId: req.requestId }),
    };
  });

  return router;
}

/**
 * Called by the generation service with the user's token, never routed by the gateway:
 * the text spoken in the caller's cloned voice, cached per (voice, engine, text).
 */
export function internalSpeechRoutes({ context, speech }: Deps) {
  const router = declaredRoutes(VOICE_ENDPOINTS, { context, checks: { service: (req) => void requireUser(req) } });
  // The service check above admits only a signed-in caller: `user` is there.
  const caller = (user: SessionClaims | undefined) => user!.id;

  router.raw('POST /internal/speech', async ({ body, user, res }) => {
    const result = await speakInUsersVoice({ context, speech, userId: caller(user), body });
    res.setHeader('content-type', 'audio/wav');
    res.setHeader('x-speech-cache', result.cache);
    res.setHeader('x-voice-id', result.voiceId);
    res.setHeader('content-length', String(result.wav.length));
    res.end(result.wav);
  });

  // A listener's own reading of an affirmation, checked like a voice sample (no clone needed).
  router.raw('POST /internal/readings', async ({ body, user, res }) => {
    const reading = await prepareReading({ context, userId: caller(user), body });
    res.setHeader('content-type', 'audio/wav');
    res.setHeader('x-reading-seconds', reading.seconds.toFixed(3));
    res.setHeader('content-length', String(reading.wav.length));
    res.end(reading.wav);
  });

  return router;
}
