import { runStandalone } from '@innerecho/kit';
import { notificationsService, ZNotificationsEnv } from './index';

runStandalone(notificationsService(), ZNotificationsEnv).catch((error) => {
  console.error(error);
  process.exit(1);
});
