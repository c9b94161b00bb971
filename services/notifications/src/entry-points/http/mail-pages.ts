import { MAIL_KINDS, type MailKind, type MailPreferences } from '@innerecho/contracts';
import { escapeHtml, type PageOptions } from '@innerecho/kit';

export const MAIL_SETTINGS_PATH = '/api/notifications/mail-settings';
const BACK = '<p class="footer"><a class="link" href="/api/auth/account">Back to your account</a></p>';

/** The time zones this server knows, offered while typing. */
const TIME_ZONES = Intl.supportedValuesOf('timeZone');

/** The account's mails: a toggle for each kind that can be turned off, the always-sent ones listed, and the reminder's time. */
export function mailSettingsPage(p: { preferences: MailPreferences; saved?: boolean; error?: string; status?: number }): PageOptions {
  const choosable = p.preferences.kinds
    .filter(({ canTurnOff }) => canTurnOff)
    .map(
      ({ kind, label, enabled }) =>
        `<label class="check"><input type="checkbox" name="${escapeHtml(kind)}"${enabled ? ' checked' : ''}> ${escapeHtml(label)}</label>`,
    )
    .join('\n');
  // Shown as a list, not as switches that cannot be switched: these go out whatever is chosen.
  const alwaysSent = p.preferences.kinds
    .filter(({ canTurnOff }) => !canTurnOff)
    .map(({ label }) => `<li>${escapeHtml(label)}</li>`)
    .join('');
  const { time, timeZone } = p.preferences.reminder;
  return {
    title: 'Your mails',
    status: p.status,
    body: `<h1>Your mails</h1>
<p class="lead">Choose which mails you get from InnerEcho.</p>
${p.saved ? '<div class="alert success" role="status">Your mail choices are saved.</div>' : ''}
${p.error ? `<div class="alert error" role="alert">${escapeHtml(p.error)}</div>` : ''}
<form method="post" action="${MAIL_SETTINGS_PATH}" novalidate>
<h2 id="kindsTitle">Mails you choose</h2>
<div role="group" aria-labelledby="kindsTitle">
${choosable}
</div>
<h2>Always sent</h2>
<p class="muted">About your account's security or your payments, so they always come:</p>
<ul class="muted">${alwaysSent}</ul>
<h2>Daily reminder</h2>
<p class="muted">A short mail at the time you choose, with a link to your library.</p>
<label for="reminderTime">Time of day</label>
<input id="reminderTime" name="reminderTime" type="text" inputmode="numeric" autocomplete="off" placeholder="07:30" maxlength="5" value="${escapeHtml(time ?? '')}" aria-describedby="reminderTimeHint">
<div class="hint" id="reminderTimeHint">24-hour, for example 07:30 or 21:00.</div>
<label for="timeZone">Time zone</label>
<input id="timeZone" name="timeZone" type="text" list="timeZones" autocomplete="off" maxlength="64" value="${escapeHtml(timeZone ?? '')}" aria-describedby="timeZoneHint">
<datalist id="timeZones">${TIME_ZONES.map((zone) => `<option value="${escapeHtml(zone)}">`).join('')}</datalist>
<div class="hint" id="timeZoneHint">For example Europe/Berlin or America/New_York.</div>
<button class="button" type="submit">Save mail choices</button>
</form>`,
    footer: BACK,
  };
}

const labelOf = (kind: MailKind) => MAIL_KINDS[kind].label;

/** The page an unsubscribe link opens: which mail it stops, and a button, so a link scanner stops nothing. */
export function unsubscribeConfirmPage(kind: MailKind, token: string): PageOptions {
  return {
    title: 'Stop these mails?',
    secretInAddress: true,
    body: `<h1>Stop these mails?</h1>
<p class="lead">You will no longer get “${escapeHtml(labelOf(kind))}” mails from InnerEcho. Mails about your account's security and payments still come.</p>
<form method="post" action="/api/notifications/unsubscribe?token=${encodeURIComponent(token)}">
<button class="button" type="submit">Stop these mails</button>
</form>`,
  };
}

export function unsubscribedPage(kind: MailKind): PageOptions {
  return {
    title: 'You are unsubscribed',
    secretInAddress: true,
    body: `<h1>You are unsubscribed</h1>
<p class="lead">You will no longer get “${escapeHtml(labelOf(kind))}” mails. You can turn them on again on your account page.</p>`,
    footer: `<p class="footer"><a class="link" href="${MAIL_SETTINGS_PATH}">Choose your mails</a></p>`,
  };
}

export function unknownUnsubscribeLinkPage(message: string): PageOptions {
  return {
    title: 'This link is not known',
    status: 404,
    secretInAddress: true,
    refusal: { error: message, code: 'UNSUBSCRIBE_LINK_UNKNOWN' },
    body: `<h1>This link is not known</h1>
<p class="lead">${escapeHtml(message)}</p>`,
    footer: `<p class="footer"><a class="link" href="${MAIL_SETTINGS_PATH}">Choose your mails</a></p>`,
  };
}
