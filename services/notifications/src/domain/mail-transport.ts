import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from '@innerecho/kit';
import type { NotificationsConfig } from '../config';

export interface OutgoingMail {
  id: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string>;
  firstLink: string | null;
}

export interface MailTransport {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/** A refusal the mail server will repeat (a 5xx answer about this mail): trying again cannot help. */
export function isPermanentFailure(error: unknown): boolean {
  const code = (error as { responseCode?: number }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

/**
 * SMTP_URL set: nodemailer over SMTP (TLS and authentication as the URL says). Unset: each
 * mail is composed as the server would receive it and kept as DATA_DIR/mail/<time>-<id>.eml,
 * and its subject, recipient and first link are logged, so every flow can be followed locally.
 */
export function createMailTransport(config: NotificationsConfig, logger: Logger): MailTransport {
  const from = config.MAIL_FROM;
  if (config.SMTP_URL) {
    const smtp = nodemailer.createTransport(config.SMTP_URL);
    return {
      async send(mail) {
        await smtp.sendMail({ from, ...message(mail) });
      },
      close: () => smtp.close(),
    };
  }
  const folder = join(config.DATA_DIR, 'mail');
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const composed = await composer.sendMail({ from, ...message(mail) });
      // An in-memory system (DATA_DIR=memory://) keeps no files: the log line is all there is.
      let file: string | null = null;
      if (!config.DATA_DIR.startsWith('memory://')) {
        await mkdir(folder, { recursive: true });
        file = join(folder, `${new Date().toISOString().replace(/[:.]/g, '-')}-${mail.id}.eml`);
        await writeFile(file, composed.message as Buffer);
      }
      logger.info({ to: mail.to, subject: mail.subject, link: mail.firstLink, file }, `mail kept: ${mail.subject}`);
    },
    close: () => composer.close(),
  };
}

function message(mail: OutgoingMail) {
  return { to: mail.to, subject: mail.subject, html: mail.html, text: mail.text, headers: mail.headers };
}
