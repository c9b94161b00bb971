import { sql } from 'drizzle-orm';
import { eventually } from '@innerecho/embedded';
import type { E2ESystem } from './harness';

/** A mail as a person reads it: its subject and the links of its HTML part, in order. */
export interface MailRead {
  subject: string;
  links: string[];
}

const linksOf = (html: string) => [...html.matchAll(/href="(https?:\/\/[^"]+)"/g)].map((match) => match[1].replace(/&amp;/g, '&'));

/**
 * The latest mail to `email` whose subject matches, once it was sent: from the real SMTP server
 * the single-process system sends to, or, in the distributed run (started once for every spec
 * file, in another process), from notifications' table of sent mails, as it went to the server.
 */
export async function mailTo(system: E2ESystem, email: string, subject: RegExp): Promise<MailRead> {
  return eventually(async () => {
    let found: MailRead[];
    if (system.mailbox) {
      found = system.mailbox.to(email).filter((mail) => subject.test(mail.subject));
    } else {
      const result = (await system.services.notifications.context.db.execute(
        sql`select subject, html from notifications.mails where lower(recipient) = ${email.toLowerCase()} and status = 'sent' order by created_at`,
      )) as unknown as { rows?: { subject: string; html: string }[] } & { subject: string; html: string }[];
      found = (result.rows ?? result)
        .filter((row) => subject.test(row.subject))
        .map((row) => ({ subject: row.subject, links: linksOf(row.html) }));
    }
    expect(found.length).toBeGreaterThan(0);
    return found[found.length - 1];
  }, 300);
}
