import type { Tx } from '@innerecho/kit';
import { mails } from '../data-access/schema';
import { renderMail } from '../templates/render-mail';
import type { MailContent } from '../templates/mail-layout';
import type { MailKind } from './mail-kinds';

export interface MailToWrite {
  eventId: string;
  kind: MailKind;
  to: string;
  userId?: string | null;
  content: MailContent;
  headers?: Record<string, string>;
}

/**
 * Renders a mail and keeps it, pending, in the same transaction that records its event in
 * the inbox: the event is handled and its mail is due, or neither. One per event and kind.
 */
export async function writeMail(tx: Tx, mail: MailToWrite): Promise<void> {
  const rendered = await renderMail(mail.content);
  await tx
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
      headers: mail.headers ?? {},
    })
    .onConflictDoNothing();
}
