import { runMigrations } from '@innerecho/kit';
import { libraryService, ZLibraryEnv } from './index';

runMigrations(libraryService(), ZLibraryEnv).catch((error) => {
  console.error(error);
  process.exit(1);
});
