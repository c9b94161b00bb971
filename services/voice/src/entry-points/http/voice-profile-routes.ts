import { Router } from 'express';
import type { ServiceContext } from '@innerecho/kit';
import type { VoiceConfig } from '../../config';
import { findVoiceProfile } from '../../data-access/voice-profile-repository';

/** /api/voice-profile/*: every route keyed by a sessionId checks its owner first. */
export function voiceProfileRoutes(context: ServiceContext<VoiceConfig>): Router {
  const router = Router();

  router.get('/api/voice-profile/:sessionId', async (req, res) => {
    const user = await context.sessionOwnership.assertOwner(req, req.params.sessionId);
    const profile = await findVoiceProfile(context.db, user.id);
    res.json(
      profile
        ? { isCloned: profile.isCloned, engine: profile.engine, updatedAt: profile.updatedAt.toISOString() }
        : { isCloned: false, engine: null, updatedAt: null },
    );
  });

  return router;
}
