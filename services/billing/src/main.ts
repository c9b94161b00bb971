import { runStandalone } from '@innerecho/kit';
import { billingService, ZBillingEnv } from './index';

runStandalone(billingService(), ZBillingEnv).catch((error) => {
  console.error(error);
  process.exit(1);
});
