import { UserDeletedV1, type DeleteAccountInput } from '@innerecho/contracts';
import { AppError, verifyPassword, type ServiceContext } from '@innerecho/kit';
import type { IdentityConfig } from '../config';
import { revokeSessions } from '../data-access/session-repository';
import { countAdmins, deleteUser, findUserById } from '../data-access/user-repository';

export const WRONG_PASSWORD_MESSAGE = 'Your password is not correct';
export const WRONG_EMAIL_MESSAGE = 'Type the email address of this account to confirm';
export const LAST_ADMIN_MESSAGE = 'You are the only admin. Make someone else an admin before deleting your account';

/**
 * Deletes a listener's account, confirmed with their password (or, for an account that signs
 * in through the OpenID provider and has no password here, its email typed out). The only
 * admin cannot leave the product without one.
 *
 * One transaction removes the user, ends every session (the revocation feed tells the
 * gateway and every service at once) and announces identity.user.deleted.v1, on which every
 * service forgets what it keeps of the listener: voice, recordings, saved and custom
 * affirmations, listening history; billing cancels the subscription.
 */
export async function deleteAccount(options: {
  context: ServiceContext<IdentityConfig>;
  userId: string;
  /** The confirmation, checked against the route's declaration: the password, or the email typed out. */
  input: DeleteAccountInput;
  requestId?: string;
}): Promise<void> {
  const { context, userId, input } = options;
  const user = await findUserById(context.db, userId);
  if (!user) throw new AppError(401, 'UNAUTHENTICATED', 'Please sign in to continue');
  if (user.passwordHash) {
    if (!input.password || !(await verifyPassword(user.passwordHash, input.password))) {
      throw new AppError(400, 'WRONG_PASSWORD', WRONG_PASSWORD_MESSAGE);
    }
  } else if (input.email !== user.email) {
    throw new AppError(400, 'WRONG_EMAIL', WRONG_EMAIL_MESSAGE);
  }
  await context.transaction(async (tx) => {
    // Counted under a lock on the admins, so two admins leaving at once cannot both pass.
    if (user.role === 'admin' && (await countAdmins(tx, { lock: true })) <= 1) {
      throw new AppError(409, 'LAST_ADMIN', LAST_ADMIN_MESSAGE);
    }
    await revokeSessions(tx, { userId });
    await deleteUser(tx, userId);
    await context.outbox.add(tx, UserDeletedV1, { userId, deletedAt: new Date().toISOString() }, { requestId: options.requestId });
  });
}
