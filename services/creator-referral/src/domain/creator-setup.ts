import {
  CreatorSetupLinkIssuedV1,
  isUuid,
  newPasswordField,
  type CreatorAccountView,
  type CreatorSetupLinkView,
} from '@innerecho/contracts';
import { badRequest, hashPassword, notFound, type ServiceContext, linkTokenDigest, newLinkToken } from '@innerecho/kit';
import type { CreatorReferralConfig } from '../config';
import { revokeCreatorSessions } from '../data-access/creator-session-repository';
import { findUsableCreatorSetupToken, replaceCreatorSetupToken, useCreatorSetupToken } from '../data-access/creator-setup-token-repository';
import { findCreatorById, setCreatorPasswordHash } from '../data-access/referral-repository';
import { toCreatorView } from './creator-sign-in';

export const CREATOR_SETUP_PATH = '/api/creator-auth/setup';

export const INVALID_CREATOR_SETUP_LINK = 'This link is not valid any more. Ask the InnerEcho team for a new one.';

type Context = Pick<ServiceContext<CreatorReferralConfig>, 'db' | 'config' | 'transaction'>;
type IssuingContext = Context & Pick<ServiceContext<CreatorReferralConfig>, 'outbox'>;

/**
 * An admin's one-time link for a creator to choose their password, also mailed to the
 * creator (creator.setup-link.issued.v1). Only the link holds the token; the creator's
 * earlier unused links stop working.
 */
export async function issueCreatorSetupLink(context: IssuingContext, creatorId: string): Promise<CreatorSetupLinkView> {
  if (!isUuid(creatorId)) throw notFound('Creator not found', 'CREATOR_NOT_FOUND');
  const token = newLinkToken();
  const expiresAt = new Date(Date.now() + context.config.CREATOR_SETUP_LINK_TTL_HOURS * 3600_000);
  const url = new URL(CREATOR_SETUP_PATH, context.config.PUBLIC_URL);
  url.searchParams.set('token', token);
  await context.transaction(async (tx) => {
    const creator = await findCreatorById(tx, creatorId);
    if (!creator) throw notFound('Creator not found', 'CREATOR_NOT_FOUND');
    await replaceCreatorSetupToken(tx, { tokenHash: linkTokenDigest(token), creatorId, expiresAt });
    await context.outbox.add(tx, CreatorSetupLinkIssuedV1, {
      creatorId,
      email: creator.email,
      name: creator.name,
      setupUrl: url.toString(),
      expiresAt: expiresAt.toISOString(),
    });
  });
  return { url: url.toString(), expiresAt: expiresAt.toISOString() };
}

/** Whether the link can still be used (its page is shown only then). */
export async function isUsableCreatorSetupLink(context: Pick<Context, 'db'>, token: string): Promise<boolean> {
  return Boolean(token) && (await findUsableCreatorSetupToken(context.db, linkTokenDigest(token))) !== null;
}

/**
 * Sets the creator's password through the link, once: the link is marked used in the same
 * transaction, so two submissions cannot both succeed. Sessions signed in with an older
 * password end.
 */
export async function redeemCreatorSetupLink(context: Context, token: string, password: string): Promise<CreatorAccountView> {
  const parsed = newPasswordField().safeParse(password);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'Choose a password', 'VALIDATION_FAILED');
  const passwordHash = await hashPassword(parsed.data);
  return context.transaction(async (tx) => {
    const creatorId = token ? await useCreatorSetupToken(tx, linkTokenDigest(token)) : null;
    const creator = creatorId ? await findCreatorById(tx, creatorId) : null;
    if (!creator) throw badRequest(INVALID_CREATOR_SETUP_LINK, 'SETUP_LINK_INVALID');
    await setCreatorPasswordHash(tx, creator.id, passwordHash);
    await revokeCreatorSessions(tx, { creatorId: creator.id });
    return toCreatorView(creator);
  });
}
