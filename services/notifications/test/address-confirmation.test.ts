import { eventually, startTestSystem, TestClient, uniqueEmail, type TestSystem } from '@innerecho/embedded';
import { sendDueReminders } from '@innerecho/notifications';

jest.setTimeout(60_000);

let system: TestSystem;
beforeAll(async () => {
  system = await startTestSystem();
});
afterAll(() => system?.stop());

async function mailTo(email: string, subject: string, count = 1) {
  return eventually(async () => {
    const mails = system.mailbox.to(email).filter((mail) => mail.subject === subject);
    expect(mails.length).toBeGreaterThanOrEqual(count);
    return mails[count - 1];
  });
}

const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;

/** The status a sign-in with this address and password gets, from a fresh browser. */
const signInStatus = async (email: string, password: string) =>
  (await new TestClient(system.url).api.send('POST /api/login', { body: { email, password } })).status;

describe('confirmed addresses', () => {
  it('sign-up mails a link that confirms the address once; the account works before it and says so quietly', async () => {
    const email = uniqueEmail('confirm-signup');
    const listener = new TestClient(system.url);
    await listener.signUp(email);
    expect((await listener.api.send('GET /api/auth/user', {})).status).toBe(200);
    const before = await listener.api.send('GET /api/auth/account', {});
    expect(before.text).toContain('Your address is not confirmed yet');
    expect(before.text).toContain('Send the link again');

    const mail = await mailTo(email, 'Confirm your InnerEcho address');
    const link = new URL(mail.links[0]);
    expect(link.origin).toBe(new URL(system.services.identity.context.config.PUBLIC_URL).origin);
    expect(link.pathname).toBe('/api/auth/confirm-email');
    expect(mail.text).toContain(link.toString());
    const token = tokenOf(mail.links[0]);

    // Anyone holding the link confirms it, signed in or not (it may be opened on another device).
    const visitor = new TestClient(system.url);
    const page = await visitor.api.send('GET /api/auth/confirm-email', { query: { token } });
    expect(page.status).toBe(200);
    expect(page.text).toContain('Confirm my address');
    const done = await visitor.api.send('POST /api/auth/confirm-email', { form: { token } });
    expect(done.status).toBe(200);
    expect(done.text).toContain('Your address is confirmed');
    expect((await listener.api.send('GET /api/auth/account', {})).text).not.toContain('Your address is not confirmed yet');

    // Once only: the page, the form and JSON callers each hear it clearly.
    const again = await visitor.api.send('GET /api/auth/confirm-email', { query: { token } });
    expect(again.status).toBe(410);
    expect(again.text).toContain('expired or has already been used');
    const json = await visitor.api.send('POST /api/auth/confirm-email', { body: { token } });
    expect(json.status).toBe(410);
    expect(json.data).toEqual({ error: expect.stringContaining('expired or has already been used'), code: 'CONFIRM_LINK_INVALID' });
    expect((await visitor.api.send('GET /api/auth/confirm-email', { query: { token: 'unknown' } })).status).toBe(410);
  });

  it('sends the link again, a few times an hour, and an expired link is refused', async () => {
    const email = uniqueEmail('confirm-resend');
    const listener = new TestClient(system.url);
    await listener.signUp(email);
    await mailTo(email, 'Confirm your InnerEcho address');
    const resent = await listener.api.send('POST /api/auth/confirm-email/resend', { form: {} });
    expect(resent.status).toBe(303);
    expect(resent.headers.get('location')).toBe('/api/auth/account?notice=confirmation-sent');
    const second = await mailTo(email, 'Confirm your InnerEcho address', 2);
    expect((await listener.api.send('POST /api/auth/confirm-email/resend', {})).status).toBe(200);
    const limited = await listener.api.send('POST /api/auth/confirm-email/resend', { form: {} });
    expect(limited.status).toBe(429);
    expect(limited.text).toContain('several links in the last hour');

    await system.services.identity.context.db.execute(
      `update identity.email_confirmation_tokens set expires_at = now() - interval '1 second' where email = '${email}'`,
    );
    const late = await new TestClient(system.url).api.send('GET /api/auth/confirm-email', { query: { token: tokenOf(second.links[0]) } });
    expect(late.status).toBe(410);
  });

  it('"send the link again" clicked many times at once still sends no more than the hourly share', async () => {
    const email = uniqueEmail('confirm-burst');
    const listener = new TestClient(system.url);
    await listener.signUp(email); // the first of the hour's three links
    const resent = await Promise.all(Array.from({ length: 5 }, () => listener.api.send('POST /api/auth/confirm-email/resend', {})));
    expect(resent.map((answer) => answer.status).sort()).toEqual([200, 200, 429, 429, 429]);
    await mailTo(email, 'Confirm your InnerEcho address', 3);
    const marker = uniqueEmail('confirm-burst-marker');
    await new TestClient(system.url).signUp(marker);
    await mailTo(marker, 'Confirm your InnerEcho address');
    expect(system.mailbox.to(email).filter((mail) => mail.subject === 'Confirm your InnerEcho address')).toHaveLength(3);
  });

  it('a change of address takes effect once the new address confirms; the old one is told; sessions carry on', async () => {
    const email = uniqueEmail('change-old');
    const newEmail = uniqueEmail('change-new');
    const listener = new TestClient(system.url);
    await listener.signUp(email, 'the password 1');
    const wrong = await listener.api.send('POST /api/auth/email', { form: { email: newEmail, currentPassword: 'not it at all' } });
    expect(wrong.status).toBe(400);
    expect(wrong.text).toContain('Your current password is not correct');

    const asked = await listener.api.send('POST /api/auth/email', { form: { email: newEmail, currentPassword: 'the password 1' } });
    expect(asked.status).toBe(303);
    expect(asked.headers.get('location')).toBe('/api/auth/account?notice=email-change-sent');
    expect((await listener.api.send('GET /api/auth/account', {})).text).toContain(
      `Waiting for you to confirm <strong>${newEmail}</strong>`,
    );
    // Until it is confirmed, the account keeps its address.
    expect(await signInStatus(newEmail, 'the password 1')).toBe(401);

    const mail = await mailTo(newEmail, 'Confirm your new InnerEcho address');
    const confirmed = await new TestClient(system.url).api.send('POST /api/auth/confirm-email', {
      form: { token: tokenOf(mail.links[0]) },
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.text).toContain('Your address is changed');

    const told = await mailTo(email, 'Your InnerEcho address was changed');
    expect(told.text).toContain(newEmail);
    expect((await listener.api.send('GET /api/auth/user', {})).data).toMatchObject({ email: newEmail });
    expect(await signInStatus(newEmail, 'the password 1')).toBe(200);
    expect(await signInStatus(email, 'the password 1')).toBe(401);
  });

  it('after a change of address the daily reminder goes to the new address', async () => {
    const email = uniqueEmail('reminder-old');
    const newEmail = uniqueEmail('reminder-new');
    const listener = new TestClient(system.url);
    await listener.signUp(email, 'the password 1');
    await listener.api.call('PUT /api/notifications/reminder', { body: { time: '07:30', timeZone: 'Europe/Berlin' } });
    await listener.api.send('POST /api/auth/email', { form: { email: newEmail, currentPassword: 'the password 1' } });
    const mail = await mailTo(newEmail, 'Confirm your new InnerEcho address');
    await new TestClient(system.url).api.send('POST /api/auth/confirm-email', { form: { token: tokenOf(mail.links[0]) } });
    await mailTo(email, 'Your InnerEcho address was changed');

    // The next 07:30 in Berlin, a minute past: the reminder is due.
    const at = new Date(Date.now() + 60_000);
    while (new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Berlin', hour: '2-digit', minute: '2-digit' }).format(at) !== '07:31')
      at.setTime(at.getTime() + 60_000);
    await sendDueReminders(system.services.notifications.context, at);
    const reminder = await mailTo(newEmail, 'Your daily InnerEcho moment');
    expect(reminder.to).toBe(newEmail);
    expect(system.mailbox.to(email).filter((m) => m.subject === 'Your daily InnerEcho moment')).toHaveLength(0);
  });

  it('an address another account uses is answered the same and mailed nothing', async () => {
    const owner = uniqueEmail('taken-owner');
    await new TestClient(system.url).signUp(owner);
    await mailTo(owner, 'Confirm your InnerEcho address');
    const email = uniqueEmail('taken-asker');
    const listener = new TestClient(system.url);
    await listener.signUp(email, 'the password 1');
    const asked = await listener.api.send('POST /api/auth/email', { body: { email: owner, currentPassword: 'the password 1' } });
    expect(asked.status).toBe(200);
    expect(asked.data).toEqual({ pendingEmail: owner });

    // A marker mailed after the answer shows that the mail server has had time to get anything sent before it.
    const marker = uniqueEmail('taken-marker');
    expect((await listener.api.send('POST /api/auth/email', { body: { email: marker, currentPassword: 'the password 1' } })).status).toBe(
      200,
    );
    await mailTo(marker, 'Confirm your new InnerEcho address');
    expect(system.mailbox.to(owner).filter((m) => m.subject === 'Confirm your new InnerEcho address')).toHaveLength(0);
  });
});
