import { CREATOR_SIGN_IN_MESSAGES, ZCreatorSignIn, type CreatorAccountView } from '@innerecho/contracts';
import { unauthorized, verifyPassword, type ServiceContext } from '@innerecho/kit';
import { findCreatorByEmail, findCreatorById, type CreatorRecord } from '../data-access/referral-repository';

export const toCreatorView = (c: CreatorRecord): CreatorAccountView => ({
  id: c.id,
  name: c.name,
  email: c.email,
  bio: c.bio,
  profilePicUrl: c.profilePicUrl,
  youtubeChannel: c.youtubeChannel,
  referralCode: c.referralCode,
});

export async function signInCreator(options: { context: ServiceContext; input: unknown }): Promise<CreatorAccountView> {
  const input = ZCreatorSignIn.parse(options.input ?? {});
  const creator = await findCreatorByEmail(options.context.db, input.email);
  const valid = await verifyPassword(creator?.passwordHash ?? null, input.password);
  if (!creator || !valid || !creator.active) throw unauthorized(CREATOR_SIGN_IN_MESSAGES.invalid, 'INVALID_CREDENTIALS');
  return toCreatorView(creator);
}

/** The signed-in creator, if the account still exists and is active. */
export async function currentCreator(context: ServiceContext, creatorId: string): Promise<CreatorAccountView | null> {
  const creator = await findCreatorById(context.db, creatorId);
  return creator && creator.active ? toCreatorView(creator) : null;
}
