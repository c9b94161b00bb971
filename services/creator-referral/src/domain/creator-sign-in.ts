import { z } from 'zod';
import type { CreatorAccountView } from '@innerecho/contracts';
import { unauthorized, type ServiceContext } from '@innerecho/kit';
import { findCreatorByEmail, findCreatorById, type CreatorRecord } from '../data-access/referral-repository';
import { verifyCreatorPassword } from './creator-password';

export const MISSING_CREDENTIALS_MESSAGE = 'Please enter both email and password';
export const INVALID_CREATOR_CREDENTIALS_MESSAGE = 'Invalid email or password';

export const ZCreatorSignIn = z.object({
  email: z.string({ message: MISSING_CREDENTIALS_MESSAGE }).trim().min(1, MISSING_CREDENTIALS_MESSAGE).max(254),
  password: z.string({ message: MISSING_CREDENTIALS_MESSAGE }).min(1, MISSING_CREDENTIALS_MESSAGE).max(200),
});

export const toCreatorView = (c: CreatorRecord): CreatorAccountView => ({
  id: c.id,
  name: c.name,
  email: c.email,
  bio: c.bio,
  profilePicUrl: c.profilePicUrl,
  youtubeChannel: c.youtubeChannel,
  referralCode: c.referralCode,
});

export async function signInCreator(options: { context: ServiceContext<any>; input: unknown }): Promise<CreatorAccountView> {
  const input = ZCreatorSignIn.parse(options.input ?? {});
  const creator = await findCreatorByEmail(options.context.db, input.email);
  const valid = await verifyCreatorPassword(creator?.passwordHash ?? null, input.password);
  if (!creator || !valid || !creator.active) throw unauthorized(INVALID_CREATOR_CREDENTIALS_MESSAGE, 'INVALID_CREDENTIALS');
  return toCreatorView(creator);
}

/** The signed-in creator, if the account still exists and is active. */
export async function currentCreator(context: ServiceContext<any>, creatorId: string): Promise<CreatorAccountView | null> {
  const creator = await findCreatorById(context.db, creatorId);
  return creator && creator.active ? toCreatorView(creator) : null;
}
