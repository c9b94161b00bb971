import { runStandalone } from '@innerecho/kit';
import { libraryService, ZLibraryEnv } from './index';

runStandalone(libraryService(), ZLibraryEnv).catch((error) => {
  console.error(error);
  process.exit(1);
});
