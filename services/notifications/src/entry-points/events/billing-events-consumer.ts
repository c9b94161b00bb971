import { InvoicePaidV1, SubscriptionChangedV1, TrialEndingAnnouncedV1 } from '@innerecho/contracts';
import { on, type Tx } from '@innerecho/kit';
import { eq } from 'drizzle-orm';
import type { NotificationsConfig } from '../../config';
import { subscriptionStates } from '../../data-access/schema';
import { writeMail } from '../../domain/write-mail';
import { paymentFailedMail, receiptMail, subscriptionEndedMail, trialEndingMail } from '../../templates/money-mails';

/** Records the subscription's status; answers the status it had before (null when first seen or older). */
async function previousStatus(tx: Tx, subscriptionId: string, status: string, version: number): Promise<string | null | 'stale'> {
  const [before] = await tx.select().from(subscriptionStates).where(eq(subscriptionStates.subscriptionId, subscriptionId)).for('update');
  if (before && before.version >= version) return 'stale';
  await tx
    .insert(subscriptionStates)
    .values({ subscriptionId, status, version })
    .onConflictDoUpdate({ target: subscriptionStates.subscriptionId, set: { status, version } });
  return before?.status ?? null;
}

/** Receipts, trial-ending notices, failed payments and ended subscriptions, from billing's facts. */
export function billingEventsConsumer(config: NotificationsConfig) {
  const mailConfig = { publicUrl: config.PUBLIC_URL, mailFrom: config.MAIL_FROM };
  const publicUrl = config.PUBLIC_URL;
  return {
    name: 'billing-events',
    handlers: [
      on(InvoicePaidV1, async (payload, { tx, envelope }) => {
        // A $0 invoice (the start of a trial) is no payment.
        if (!payload.email || payload.amountPaidCents === 0) return;
        await writeMail(
          tx,
          {
            eventId: envelope.id,
            kind: 'receipt',
            to: payload.email,
            userId: payload.userId,
            content: receiptMail(publicUrl, payload),
          },
          mailConfig,
        );
      }),
      on(TrialEndingAnnouncedV1, async (payload, { tx, envelope }) => {
        if (!payload.email) return;
        await writeMail(
          tx,
          {
            eventId: envelope.id,
            kind: 'trial-ending',
            to: payload.email,
            userId: payload.userId,
            content: trialEndingMail(publicUrl, payload),
          },
          mailConfig,
        );
      }),
      on(SubscriptionChangedV1, async (payload, { tx, envelope }) => {
        const before = await previousStatus(tx, payload.subscriptionId, payload.status, payload.version);
        if (before === 'stale' || before === payload.status || !payload.email) return;
        const base = { eventId: envelope.id, to: payload.email, userId: payload.userId };
        if (payload.status === 'past_due') {
          await writeMail(tx, { ...base, kind: 'payment-failed', content: paymentFailedMail(publicUrl, payload) }, mailConfig);
        } else if ((payload.status === 'canceled' || payload.status === 'unpaid') && before !== null) {
          const content = subscriptionEndedMail(publicUrl, { plan: payload.plan, endedAt: payload.currentPeriodEnd });
          await writeMail(tx, { ...base, kind: 'subscription-ended', content }, mailConfig);
        }
      }),
    ],
  };
}
