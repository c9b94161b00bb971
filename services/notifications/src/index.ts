import { defineService, type ServiceModule } from '@innerecho/kit';
import type { NotificationsConfig } from './config';
import { inbox, outbox } from './data-access/schema';
import { MailSender } from './domain/mail-sender';
import { createMailTransport } from './domain/mail-transport';
import { billingEventsConsumer } from './entry-points/events/billing-events-consumer';
import { creatorEventsConsumer } from './entry-points/events/creator-events-consumer';
import { identityEventsConsumer } from './entry-points/events/identity-events-consumer';

export { ZNotificationsEnv, type NotificationsConfig } from './config';
export * as notificationsTables from './data-access/schema';

/** Turns the other services' past-tense events into mail, kept until the mail server takes it. */
export function notificationsService(): ServiceModule<NotificationsConfig> {
  return defineService('notifications', __dirname, {
    endpoints: {},
    tables: { outbox, inbox },
    build(context) {
      const sender = new MailSender(context, createMailTransport(context.config, context.logger));
      sender.start();
      return {
        routes: [],
        consumers: [billingEventsConsumer(context.config), identityEventsConsumer(context.config), creatorEventsConsumer(context.config)],
        onStop: () => sender.stop(),
      };
    },
  });
}
