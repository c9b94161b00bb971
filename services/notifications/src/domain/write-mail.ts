import { MAIL_KINDS } from '@innerecho/contracts';
import type { Tx } from '@innerecho/kit';
import { mails, unsubscribeLinks } from '../data-access/schema';
import { renderMail } from '../templates/render-mail';
import type { MailContent } from '../templates/mail-layout';
import type { MailKind } from './mail-kinds';
import { isMailWanted, newUnsubscribeToken, recipientKeyOf } from './mail-preferences';

export interface MailToWrite {
  eventId: string;
  kind: MailKind;
  to: string;
  userId?: string | null;
  content: MailContent;
}

/** Where a mail's unsubscribe link and its mailto alternative point. */
export interface UnsubscribeAddresses {
  publicUrl: string;
  mailFrom: string;
}

export const unsubscribeUrl = (publicUrl: string, token: string) =>
  new URL(`/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`, publicUrl).toString();

/** The sender's address (`no-reply@innerecho.local` from `InnerEcho <no-reply@innerecho.local>`). */
const addressOf = (from: string) => /<([^>]+)>/.exec(from)?.[1] ?? from.trim();

/**
 * Renders a mail and keeps it, pending, in the same transaction that records its event in
 * the inbox: the event is handled and its mail is due, or neither. One per event and kind.
 * A kind the person turned off is not written at all; a kind that can be turned off carries
 * one-click unsubscribe (`List-Unsubscribe` with `List-Unsubscribe-Post`) and a footer link.
 */
export async function writeMail(tx: Tx, mail: MailToWrite, addresses: UnsubscribeAddresses): Promise<void> {
  let content = mail.content;
  let headers: Record<string, string> = {};
  let token: string | null = null;
  if (MAIL_KINDS[mail.kind].canTurnOff) {
    if (!(await isMailWanted(tx, recipientKeyOf(mail), mail.kind))) return;
    token = newUnsubscribeToken();
    const url = unsubscribeUrl(addresses.publicUrl, token);
    const mailto = `mailto:${addressOf(addresses.mailFrom)}?subject=${encodeURIComponent(`unsubscribe ${token}`)}`;
    headers = { 'List-Unsubscribe': `<${url}>, <${mailto}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
    content = { ...content, unsubscribeUrl: url };
  }
  const rendered = await renderMail(content);
  const written = await tx
    .insert(mails)
    .values({
      eventId: mail.eventId,
      kind: mail.kind,
      userId: mail.userId ?? null,
      recipient: mail.to,
      subject: rendered.subject,
      html: rendered.html,
      text: rendered.text,
      firstLink: rendered.firstLink,
      headers,
    })
    .onConflictDoNothing()
    .returning({ id: mails.id });
  if (token && written.length) await tx.insert(unsubscribeLinks).values({ token, recipientKey: recipientKeyOf(mail), kind: mail.kind });
}
