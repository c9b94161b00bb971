export { MAIL_KINDS, MAIL_KIND_IDS, type MailKind } from '@innerecho/contracts';
