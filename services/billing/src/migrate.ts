import { runMigrations } from '@innerecho/kit';
import { billingService, ZBillingEnv } from './index';

runMigrations(billingService(), ZBillingEnv).catch((error) => {
  console.error(error);
  process.exit(1);
});
