import { runMigrations } from '@innerecho/kit';
import { creatorReferralService, ZCreatorReferralEnv } from './index';

runMigrations(creatorReferralService(), ZCreatorReferralEnv).catch((error) => {
  console.error(error);
  process.exit(1);
});
