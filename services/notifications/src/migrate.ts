import { runMigrations } from '@innerecho/kit';
import { notificationsService, ZNotificationsEnv } from './index';

runMigrations(notificationsService(), ZNotificationsEnv).catch((error) => {
  console.error(error);
  process.exit(1);
});
