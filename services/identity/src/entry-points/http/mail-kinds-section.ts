import { MAIL_KINDS } from '@innerecho/contracts';
import { escapeHtml } from '@innerecho/kit';

/**
 * The account page's mails: every kind a listener gets, those about security and money marked
 * as always sent, and the way to the notifications service's page where the others are turned
 * on or off and the daily reminder's time is chosen (the choices are kept there).
 */
export function mailKindsSection(): string {
  const items = Object.values(MAIL_KINDS)
    .filter((kind) => kind.audience === 'listener')
    .map((kind) => `<li>${escapeHtml(kind.label)}${kind.canTurnOff ? '' : ' <span class="muted">(always sent)</span>'}</li>`)
    .join('');
  return `<div class="section">
<h2>Emails</h2>
<p class="muted">Mails about your account's security and your payments always come. The others, and the time of your daily reminder, are yours to choose.</p>
<ul class="muted">${items}</ul>
<a class="button outline" href="/api/notifications/mail-settings">Choose your mails</a>
</div>`;
}
