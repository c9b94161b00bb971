import { randomUUID } from 'node:crypto';
import { InvoicePaidV1, SubscriptionChangedV1, type EventEnvelope } from '@innerecho/contracts';
import { eventually, startTestSystem, uniqueEmail, type TestSystem } from '@innerecho/embedded';

jest.setTimeout(60_000);

let system: TestSystem;
beforeAll(async () => {
  system = await startTestSystem();
});
afterAll(() => system?.stop());

function envelope(subject: string, payload: unknown): EventEnvelope {
  return { id: randomUUID(), subject, occurredAt: new Date().toISOString(), producer: 'billing', payload } as EventEnvelope;
}

const publish = (event: EventEnvelope) => system.transports[system.transports.length - 1].publish(event);

function invoicePaid(email: string, amountPaidCents = 999) {
  return envelope(
    InvoicePaidV1.subject,
    InvoicePaidV1.schema.parse({
      invoiceId: `in_${randomUUID()}`,
      subscriptionId: `sub_${randomUUID()}`,
      userId: null,
      email,
      plan: 'monthly',
      amountPaidCents,
      paidAt: '2026-03-04T10:00:00.000Z',
      referralCode: null,
    }),
  );
}

describe('mail about money', () => {
  it('sends a receipt once per paid invoice, with plan, amount, date and an absolute link to manage it', async () => {
    const email = uniqueEmail('receipt');
    const paid = invoicePaid(email);
    await publish(paid);
    const [mail] = await eventually(async () => {
      const mails = system.mailbox.to(email);
      expect(mails).toHaveLength(1);
      return mails;
    });
    expect(mail.subject).toBe('Your InnerEcho receipt: $9.99');
    expect(mail.text).toContain('Monthly');
    expect(mail.text).toContain('March 4, 2026');
    expect(mail.links[0]).toBe(`${system.services.notifications.context.config.PUBLIC_URL}/affirmations`);
    expect(mail.links.every((link) => link.startsWith('http'))).toBe(true);
    expect(mail.html).toContain('prefers-color-scheme: dark');

    // The same event again (a lost acknowledgement): the inbox absorbs it, no second mail.
    await system.redeliver(paid);
    const later = invoicePaid(uniqueEmail('receipt-marker'));
    await publish(later);
    await eventually(async () =>
      expect(system.mailbox.received.some((m) => m.to === (later.payload as { email: string }).email)).toBe(true),
    );
    expect(system.mailbox.to(email)).toHaveLength(1);
  });

  it('sends no receipt for the $0 invoice that starts a trial', async () => {
    const email = uniqueEmail('trial-start');
    await publish(invoicePaid(email, 0));
    const marker = invoicePaid(uniqueEmail('trial-marker'));
    await publish(marker);
    await eventually(async () =>
      expect(system.mailbox.received.some((m) => m.to === (marker.payload as { email: string }).email)).toBe(true),
    );
    expect(system.mailbox.to(email)).toHaveLength(0);
  });

  it('tells of a failed payment and of the end of a subscription, once each', async () => {
    const email = uniqueEmail('ending');
    const subscriptionId = `sub_${randomUUID()}`;
    const change = (status: string, version: number) =>
      envelope(
        SubscriptionChangedV1.subject,
        SubscriptionChangedV1.schema.parse({
          subscriptionId,
          userId: null,
          email,
          plan: 'yearly',
          status,
          entitled: status === 'active',
          currentPeriodEnd: '2026-05-01T00:00:00.000Z',
          referralCode: null,
          version,
        }),
      );
    await publish(change('active', 1));
    await publish(change('past_due', 2));
    await publish(change('past_due', 3));
    await publish(change('canceled', 4));
    const mails = await eventually(async () => {
      const found = system.mailbox.to(email);
      expect(found.map((m) => m.subject)).toEqual(['Your InnerEcho payment did not go through', 'Your InnerEcho subscription has ended']);
      return found;
    });
    expect(mails[1].text).toContain('May 1, 2026');
  });

  it('keeps a mail while the mail server is away and sends it once it is back', async () => {
    const email = uniqueEmail('outage');
    system.mailbox.refuse();
    await publish(invoicePaid(email));
    const { notifications } = system.services;
    await eventually(async () => {
      const rows = (await notifications.context.db.execute(
        `select attempts from notifications.mails where recipient = '${email}' and status = 'pending' and attempts > 0`,
      )) as unknown as { rows?: unknown[] } & unknown[];
      expect((rows.rows ?? rows).length).toBe(1);
    });
    expect(system.mailbox.to(email)).toHaveLength(0);
    system.mailbox.accept();
    await eventually(async () => expect(system.mailbox.to(email)).toHaveLength(1));
  });
});
