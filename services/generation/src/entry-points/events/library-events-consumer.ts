import { CustomAffirmationDeletedV1 } from '@innerecho/contracts';
import { on, type ServiceContext } from '@innerecho/kit';
import { deleteOwnRecording } from '../../data-access/own-recording-repository';

/**
 * A listener deleted one of their own custom affirmations: their own reading of those words
 * goes too (row and WAV). Saved affirmations made from it stay: they are what the listener
 * generated and keep playing until deleted themselves. Handling it twice finds nothing the
 * second time.
 */
export const libraryEventsConsumer = (context: ServiceContext) => ({
  name: 'library-events',
  handlers: [
    on(CustomAffirmationDeletedV1, async ({ userId, customAffirmationId }, { tx }) => {
      const fileKey = await deleteOwnRecording(tx, userId, { kind: 'custom', id: customAffirmationId });
      if (fileKey) await context.files.delete(fileKey);
    }),
  ],
});
