import { runStandalone } from '@innerecho/kit';
import { identityService, ZIdentityEnv } from './index';

runStandalone(identityService(), ZIdentityEnv).catch((error) => {
  console.error(error);
  process.exit(1);
});
