import { createHash, randomBytes } from 'node:crypto';

/** The secret of a mailed one-time link (setup, reset, confirmation): 256 random bits. */
export const newLinkToken = () => randomBytes(32).toString('base64url');

/** What is stored of a link's secret: its SHA-256, so a read of the table opens no account. */
export const linkTokenDigest = (token: string) => createHash('sha256').update(token).digest('hex');
