import { z } from 'zod';
import { ZBaseServiceEnv } from '@innerecho/kit';

const list = z
  .string()
  .default('')
  .transform((s) =>
    s
      .split(',')
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean),
  );

export const ZIdentityEnv = ZBaseServiceEnv.extend({
  /**
   * The session signing keys: ES256 private keys in PEM, the last signs, all verify (or
   * SESSION_SIGNING_KEYS_FILE, a mounted file). Replicas given the same keys accept each
   * other's sessions. Without it, keys are kept in SESSION_KEYS_DIR.
   */
  SESSION_SIGNING_KEYS: z
    .string()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Folder of ES256 signing keys, the newest signs, when SESSION_SIGNING_KEYS is unset. Default: DATA_DIR/identity/keys. */
  SESSION_KEYS_DIR: z.string().optional(),
  SESSION_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(300)
    .max(30 * 24 * 3600)
    .default(7 * 24 * 3600),
  /** Send the session cookie only over HTTPS. Defaults to true when PUBLIC_URL is https. */
  COOKIE_SECURE: z.enum(['true', 'false']).optional(),
  /** Accounts with these emails are admins. */
  ADMIN_EMAILS: list,
  /** Create this admin with a random password on first start and print it once (embedded mode). */
  SEED_ADMIN_EMAIL: z
    .string()
    .email()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Confirmation links (a sign-up's, "Send the link again", a change of address) each account may be sent an hour. */
  CONFIRMATION_LINKS_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000_000).default(3),
  OIDC_ISSUER: z
    .string()
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
}).superRefine((env, ctx) => {
  if (env.OIDC_ISSUER && (!env.OIDC_CLIENT_ID || !env.OIDC_CLIENT_SECRET)) {
    ctx.addIssue({
      code: 'custom',
      path: ['OIDC_CLIENT_ID'],
      message: 'OIDC_CLIENT_ID and OIDC_CLIENT_SECRET are required with OIDC_ISSUER',
    });
  }
});
export type IdentityConfig = z.infer<typeof ZIdentityEnv>;
