import { NOTIFICATIONS_ENDPOINTS } from '@innerecho/contracts';
import { defineService, type ServiceModule } from '@innerecho/kit';
import type { NotificationsConfig } from './config';
import { inbox, outbox } from './data-access/schema';
import { startReminderScheduler } from './domain/daily-reminders';
import { MailSender } from './domain/mail-sender';
import { createMailTransport } from './domain/mail-transport';
import { billingEventsConsumer } from './entry-points/events/billing-events-consumer';
import { creatorEventsConsumer } from './entry-points/events/creator-events-consumer';
import { identityEventsConsumer } from './entry-points/events/identity-events-consumer';
import { notificationsRoutes } from './entry-points/http/notifications-routes';

export { ZNotificationsEnv, type NotificationsConfig } from './config';
export * as notificationsTables from './data-access/schema';
export { sendDueReminders } from './domain/daily-reminders';

/** Turns the other services' past-tense events into mail, kept until the mail server takes it; sends daily reminders; keeps each listener's mail choices. */
export function notificationsService(): ServiceModule<NotificationsConfig> {
  return defineService('notifications', __dirname, {
    endpoints: NOTIFICATIONS_ENDPOINTS,
    tables: { outbox, inbox },
    build(context) {
      const sender = new MailSender(context, createMailTransport(context.config, context.logger));
      sender.start();
      const stopReminders = startReminderScheduler(context, () => sender.wake());
      return {
        routes: [notificationsRoutes(context)],
        consumers: [billingEventsConsumer(context.config), identityEventsConsumer(context.config), creatorEventsConsumer(context.config)],
        onStop: () => {
          stopReminders();
          return sender.stop();
        },
      };
    },
  });
}
