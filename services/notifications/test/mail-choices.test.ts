import { eventually, startTestSystem, TestClient, uniqueEmail, type TestSystem } from '@innerecho/embedded';
import { sendDueReminders } from '@innerecho/notifications';

jest.setTimeout(90_000);

let system: TestSystem;
beforeAll(async () => {
  system = await startTestSystem();
});
afterAll(() => system?.stop());

/** The reminders due at a chosen moment (the scheduler's own clock is the real one, years before these). */
const sweepAt = (iso: string) => sendDueReminders(system.services.notifications.context, new Date(iso));
const remindersTo = (email: string) => system.mailbox.to(email).filter((m) => m.subject === 'Your daily InnerEcho moment');

async function listener() {
  const email = uniqueEmail('choices');
  const c = new TestClient(system.url);
  const me = await c.signUp(email);
  return { c, email, id: me.id };
}

describe("a listener's mail choices", () => {
  it('lists the kinds; security and money ones cannot be turned off; the reminder takes a valid time and IANA zone', async () => {
    const { c } = await listener();
    expect((await new TestClient(system.url).api.send('GET /api/notifications/preferences', {})).status).toBe(401);
    const res = await c.api.send('GET /api/notifications/preferences', {});
    expect(res.status).toBe(200);
    const kinds = Object.fromEntries(res.data.kinds.map((k) => [k.kind, k]));
    expect(kinds.receipt).toMatchObject({ canTurnOff: false, enabled: true });
    expect(kinds['password-reset']).toMatchObject({ canTurnOff: false, enabled: true });
    expect(kinds['daily-reminder']).toMatchObject({ canTurnOff: true, enabled: false });
    expect(kinds['payout-requested']).toBeUndefined();
    expect(res.data.reminder).toEqual({ time: null, timeZone: null });

    const refused = await c.api.send('PUT /api/notifications/preferences', { body: { kind: 'receipt', enabled: false } });
    expect(refused.status).toBe(409);
    expect(refused.data.code).toBe('MAIL_REQUIRED');
    expect(
      (await c.api.send('PUT /api/notifications/reminder', { invalidBody: { time: '25:00', timeZone: 'Europe/Berlin' } })).data.error,
    ).toBe('Choose a time of day as HH:MM');
    expect((await c.api.send('PUT /api/notifications/reminder', { invalidBody: { time: '07:30', timeZone: 'Mars/Olympus' } })).status).toBe(
      400,
    );
    const set = await c.api.send('PUT /api/notifications/reminder', { body: { time: '07:30', timeZone: 'Europe/Berlin' } });
    expect(set.status).toBe(200);
    expect(set.data.reminder).toEqual({ time: '07:30', timeZone: 'Europe/Berlin' });
    expect(set.data.kinds.find((k) => k.kind === 'daily-reminder')?.enabled).toBe(true);

    const signedOut = await new TestClient(system.url).api.send('GET /api/notifications/mail-settings', {});
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get('location')).toBe('/api/login?mode=signin&returnTo=%2Fapi%2Fauth%2Faccount');
    const page = await c.api.send('GET /api/notifications/mail-settings', {});
    expect(page.status).toBe(200);
    expect(page.text).toContain('Daily reminder to listen');
    expect(page.text).toContain('value="Europe/Berlin"');

    // The page's form: a zone it does not know is refused with the page again; unticked, the reminder is off.
    const bad = await c.api.send(
      'POST /api/notifications/mail-settings',
      { form: { 'daily-reminder': 'on', reminderTime: '08:00', timeZone: 'Nowhere/Else' } },
      { headers: { accept: 'text/html' } },
    );
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('Choose a time zone from the list');
    const saved = await c.api.send('POST /api/notifications/mail-settings', { form: { reminderTime: '08:00', timeZone: 'Asia/Tokyo' } });
    expect(saved.status).toBe(303);
    expect(saved.headers.get('location')).toBe('/api/notifications/mail-settings?saved=1');
    const off = (await c.api.send('GET /api/notifications/preferences', {})).data;
    expect(off.kinds.find((k) => k.kind === 'daily-reminder')?.enabled).toBe(false);
    expect(off.reminder).toEqual({ time: '07:30', timeZone: 'Europe/Berlin' });
    // The account page lists the kinds of mail and leads to the choices.
    const account = await c.api.send('GET /api/auth/account', {});
    expect(account.text).toContain('Daily reminder to listen');
    expect(account.text).toContain('href="/api/notifications/mail-settings"');
  });

  it('sends the reminder once per local day at the chosen local time, across the change to summer time; one click stops it', async () => {
    const { c, email } = await listener();
    expect((await c.api.send('PUT /api/notifications/reminder', { body: { time: '07:30', timeZone: 'Europe/Berlin' } })).status).toBe(200);
    // Months late (the first due time passed long ago): skipped to the next local day, not sent at an odd hour.
    await sweepAt('2027-03-27T06:00:00Z');
    await sweepAt('2027-03-27T06:29:00Z');
    expect(remindersTo(email)).toHaveLength(0);
    // 07:30 in Berlin on Saturday 27 March 2027 (CET, UTC+1) is 06:30 UTC.
    await sweepAt('2027-03-27T06:30:00Z');
    await sweepAt('2027-03-27T06:45:00Z');
    const [first] = await eventually(async () => {
      expect(remindersTo(email)).toHaveLength(1);
      return remindersTo(email);
    });
    expect(first.links[0]).toBe(`${system.services.notifications.context.config.PUBLIC_URL}/affirmations`);
    // Sunday 28 March: clocks go forward at 02:00; 07:30 CEST is 05:30 UTC.
    await sweepAt('2027-03-28T05:29:00Z');
    expect(remindersTo(email)).toHaveLength(1);
    await sweepAt('2027-03-28T05:30:00Z');
    await sweepAt('2027-03-28T05:31:00Z');
    await eventually(async () => expect(remindersTo(email)).toHaveLength(2));

    // It can be turned off, so it carries one-click unsubscribe.
    const list = String(first.header('List-Unsubscribe'));
    expect(first.header('List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const [, url, mailto] = /^<(https?:\/\/[^>]+)>, <(mailto:[^>]+)>$/.exec(list)!;
    expect(url).toMatch(/\/api\/notifications\/unsubscribe\?token=[A-Za-z0-9_-]{43}$/);
    expect(mailto).toMatch(/^mailto:no-reply@/);
    const token = new URL(url).searchParams.get('token')!;
    const anyone = new TestClient(system.url);
    const confirm = await anyone.api.send('GET /api/notifications/unsubscribe', { query: { token } });
    expect(confirm.status).toBe(200);
    expect(confirm.text).toContain('Stop these mails');
    // A mail program's one-click post: a form, no cookies, no Origin.
    const done = await anyone.api.send(
      'POST /api/notifications/unsubscribe',
      { query: { token }, form: { 'List-Unsubscribe': 'One-Click' } },
      { headers: { origin: '' } },
    );
    expect(done.status).toBe(200);
    expect(done.text).toContain('You are unsubscribed');
    const after = await c.api.send('GET /api/notifications/preferences', {});
    expect(after.data.kinds.find((k) => k.kind === 'daily-reminder')?.enabled).toBe(false);
    await sweepAt('2027-03-29T05:30:00Z');
    // A later mail to someone else shows the sender had its turn.
    const other = await listener();
    await other.c.api.call('PUT /api/notifications/reminder', { body: { time: '07:30', timeZone: 'Europe/Berlin' } });
    await sweepAt('2027-03-29T05:00:00Z');
    await sweepAt('2027-03-29T05:30:00Z');
    await eventually(async () => expect(remindersTo(other.email)).toHaveLength(1));
    expect(remindersTo(email)).toHaveLength(2);
  });

  it("a deleted account's choices and reminder are forgotten", async () => {
    const { c, id } = await listener();
    await c.api.call('PUT /api/notifications/reminder', { body: { time: '06:00', timeZone: 'Asia/Tokyo' } });
    const { db } = system.services.notifications.context;
    const rowsOf = async (query: string) => {
      const result = (await db.execute(query)) as unknown as { rows?: unknown[] } & unknown[];
      return (result.rows ?? result).length;
    };
    expect(await rowsOf(`select 1 from notifications.daily_reminders where user_id = '${id}'`)).toBe(1);
    expect((await c.api.send('DELETE /api/auth/account', { body: { password: 'a long enough password' } })).status).toBe(200);
    await eventually(async () => {
      expect(await rowsOf(`select 1 from notifications.daily_reminders where user_id = '${id}'`)).toBe(0);
      expect(await rowsOf(`select 1 from notifications.mail_preferences where recipient_key = 'user:${id}'`)).toBe(0);
    });
  });

  it('an unknown or malformed unsubscribe link gets a clear page', async () => {
    const anyone = new TestClient(system.url);
    const unknown = await anyone.api.send('GET /api/notifications/unsubscribe', { query: { token: 'a'.repeat(43) } });
    expect(unknown.status).toBe(404);
    expect(unknown.text).toContain('This link is not known');
    expect(
      (await anyone.api.send('POST /api/notifications/unsubscribe', { query: { token: 'x' }, form: {} }, { headers: { origin: '' } }))
        .status,
    ).toBe(404);
  });
});
