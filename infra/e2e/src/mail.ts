import { eventually, type ReceivedMail } from '@innerecho/embedded';
import type { E2E } from './harness';

/**
 * The `count`th mail (1 for the first) whose subject is or matches `subject` to an address,
 * once it has arrived: what a person would find in their inbox. notifications sends what is
 * due every two seconds.
 */
export async function mailTo(e2e: E2E, address: string, subject: string | RegExp, count = 1): Promise<ReceivedMail> {
  const matches = (found: string) => (typeof subject === 'string' ? found === subject : subject.test(found));
  return eventually(
    async () => {
      const mails = (await e2e.system.mails(address)).filter((mail) => matches(mail.subject));
      if (mails.length < count) throw new Error(`${mails.length} of ${count} mails "${subject}" to ${address} so far`);
      // A mail kept as a file may be read while it is still being written: wait for the whole of it.
      if (!mails[count - 1].html.includes('</html>')) throw new Error(`the mail "${subject}" to ${address} is still arriving`);
      return mails[count - 1];
    },
    600,
    100,
  );
}

/** The mail's button: its first link, which the tests follow as a person would. */
export const firstLink = (mail: ReceivedMail) => {
  if (!mail.links[0]) throw new Error(`the mail "${mail.subject}" has no link`);
  return mail.links[0];
};
