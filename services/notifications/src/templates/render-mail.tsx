/** @jsxRuntime automatic @jsxImportSource react */
import { render } from '@react-email/render';
import { MailLayout, type MailContent } from './mail-layout';

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
  /** The first link of the mail (its button), logged when mails are kept as files. */
  firstLink: string | null;
}

/** Renders a mail to HTML and to plain text (the alternative part every client can show). */
export async function renderMail(content: MailContent): Promise<RenderedMail> {
  const element = <MailLayout content={content} />;
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { subject: content.subject, html, text, firstLink: content.action?.url ?? null };
}
