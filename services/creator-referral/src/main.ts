import { runStandalone } from '@innerecho/kit';
import { creatorReferralService, ZCreatorReferralEnv } from './index';

runStandalone(creatorReferralService(), ZCreatorReferralEnv).catch((error) => {
  console.error(error);
  process.exit(1);
});
