import { UserDeletedV1 } from '@innerecho/contracts';
import { on, type ServiceContext } from '@innerecho/kit';
import type { VoiceConfig } from '../../config';
import type { VoiceEngines } from '../../engines/create-voice-engines';
import { forgetListenerVoice } from '../../domain/voice-use-cases';

/** A deleted account takes its voice with it: the provider's voice, the samples, the consent and the cached speech. */
export const identityEventsConsumer = ({ context, engines }: { context: ServiceContext<VoiceConfig>; engines: VoiceEngines }) => ({
  name: 'identity-events',
  handlers: [on(UserDeletedV1, (payload, { tx, logger }) => forgetListenerVoice({ context, engines, tx, userId: payload.userId, logger }))],
});
