import { join } from 'node:path';
import { Router } from 'express';
import type { ServiceModule } from '@innerecho/kit';
import type { LibraryConfig } from './config';
import { inbox, outbox } from './data-access/schema';
import { creatorEventsConsumer, generationEventsConsumer } from './entry-points/events/library-consumers';

export { ZLibraryEnv, type LibraryConfig } from './config';

/** Owns transcripts, custom affirmations, background music and creators' public profiles. */
export function libraryService(): ServiceModule<LibraryConfig> {
  return {
    name: 'library',
    migrationsFolder: join(__dirname, 'data-access', 'migrations'),
    tables: { outbox, inbox },
    build() {
      return { routes: Router(), consumers: [creatorEventsConsumer, generationEventsConsumer] };
    },
  };
}
