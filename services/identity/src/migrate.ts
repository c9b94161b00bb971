import { runMigrations } from '@innerecho/kit';
import { identityService, ZIdentityEnv } from './index';

runMigrations(identityService(), ZIdentityEnv).catch((error) => {
  console.error(error);
  process.exit(1);
});
