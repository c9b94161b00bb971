import { adminWithNewCreator, earnCommissions, eventually, startTestSystem, TestClient, type TestSystem } from '@innerecho/embedded';

type ReceivedMail = ReturnType<TestSystem['mailbox']['to']>[number];

jest.setTimeout(120_000);

let system: TestSystem;
beforeAll(async () => {
  system = await startTestSystem({ env: { ...process.env, STARTER_CONTENT: 'off' } });
});
afterAll(() => system?.stop());

/** The `index`-th mail to `email` whose subject matches, once the mail server has it. */
async function mailTo(email: string, subject: RegExp, index = 0): Promise<ReceivedMail> {
  return eventually(async () => {
    const mails = system.mailbox.to(email).filter((mail) => subject.test(mail.subject));
    expect(mails.length).toBeGreaterThan(index);
    return mails[index];
  });
}

async function creatorWithBalance(...amounts: number[]) {
  const { admin, creator } = await adminWithNewCreator(system.url, system.admin);
  const asCreator = new TestClient(system.url);
  const signedIn = await asCreator.api.send('POST /api/creator-auth/login', { body: { email: creator.email, password: creator.password } });
  expect(signedIn.status).toBe(200);
  await earnCommissions(system.services.creatorReferral.context.db, creator.id, amounts);
  return { admin, creator, asCreator };
}

describe('payout mails to the creator', () => {
  it('tells the creator their request arrived, that it was declined and why, and that the next one was paid, once each', async () => {
    const { admin, creator, asCreator } = await creatorWithBalance(2500, 500);
    const publicUrl = system.services.notifications.context.config.PUBLIC_URL;
    const dashboard = `${publicUrl}/creator-dashboard`;

    const first = await asCreator.api.send('POST /api/payouts/creator/:creatorId/request', { params: { creatorId: creator.id } });
    expect(first.status).toBe(201);
    const requested = await mailTo(creator.email, /payout request for/);
    expect(requested.subject).toBe('We got your payout request for $30.00');
    expect(requested.text).toContain('within 7 days');
    expect(requested.links[0]).toBe(dashboard);
    expect(requested.html).toContain('prefers-color-scheme: dark');
    // A request's receipt can be turned off: one-click unsubscribe, and a link in the footer.
    expect(requested.header('List-Unsubscribe')).toMatch(/^<http:\/\/[^>]+\/api\/notifications\/unsubscribe\?token=[\w-]{43}>, <mailto:/);
    expect(requested.header('List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(requested.text).toContain('Stop these mails');

    const declined = await admin.api.send('POST /api/payouts/:payoutId/fail', {
      params: { payoutId: first.data.id },
      body: { reason: 'We need your bank details first.' },
    });
    expect(declined.status).toBe(200);
    const declinedMail = await mailTo(creator.email, /declined/);
    expect(declinedMail.subject).toBe('Your payout request for $30.00 was declined');
    expect(declinedMail.text).toContain('We need your bank details first.');
    expect(declinedMail.text).toContain('back in your available balance');
    expect(declinedMail.links[0]).toBe(dashboard);
    // About money: always sent, no unsubscribe.
    expect(declinedMail.header('List-Unsubscribe')).toBeUndefined();

    const second = await asCreator.api.send('POST /api/payouts/creator/:creatorId/request', { params: { creatorId: creator.id } });
    expect(second.status).toBe(201);
    await mailTo(creator.email, /payout request for/, 1);
    expect((await admin.api.send('POST /api/payouts/:payoutId/complete', { params: { payoutId: second.data.id } })).status).toBe(200);
    const paid = await mailTo(creator.email, /was paid/);
    expect(paid.subject).toBe('Your payout of $30.00 was paid');
    expect(paid.links.every((link) => link.startsWith(publicUrl))).toBe(true);
    expect(paid.header('List-Unsubscribe')).toBeUndefined();

    // Each event mailed once: two requests, one decline, one payment.
    expect(system.mailbox.to(creator.email).map((mail) => mail.subject)).toEqual([
      'We got your payout request for $30.00',
      'Your payout request for $30.00 was declined',
      'We got your payout request for $30.00',
      'Your payout of $30.00 was paid',
    ]);
  });

  it("tells the creator when an admin's own payout to them could not be made", async () => {
    const { admin, creator, asCreator } = await creatorWithBalance(1200);
    const commissions = (await asCreator.api.send('GET /api/commissions/creator/:creatorId', { params: { creatorId: creator.id } })).data;
    const payout = await admin.api.send('POST /api/payouts', {
      body: { creatorId: creator.id, commissionIds: commissions.map((c) => c.id) },
    });
    expect(payout.status).toBe(201);
    expect((await admin.api.send('POST /api/payouts/:payoutId/fail', { params: { payoutId: payout.data.id }, body: {} })).status).toBe(200);
    const mail = await mailTo(creator.email, /could not be made/);
    expect(mail.subject).toBe('Your payout of $12.00 could not be made');
    expect(mail.text).not.toContain('The reason given');
  });
});
