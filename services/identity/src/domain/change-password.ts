import type { ChangePasswordInput } from '@innerecho/contracts';
import { AppError, hashPassword, verifyPassword, type ServiceContext } from '@innerecho/kit';
import type { IdentityConfig } from '../config';
import { revokeSessions } from '../data-access/session-repository';
import { findUserById, setPasswordHash, type UserRecord } from '../data-access/user-repository';

export const WRONG_CURRENT_PASSWORD_MESSAGE = 'Your current password is not correct';

/**
 * A new password, given the current one. Every session of the account ends with the old
 * password (someone who knew it may be signed in elsewhere); the caller starts a fresh
 * session for the browser that made the change. The passwords come checked against the
 * route's declaration (present, the new one long enough).
 */
export async function changePassword(options: {
  context: ServiceContext<IdentityConfig>;
  userId: string;
  input: ChangePasswordInput;
}): Promise<UserRecord> {
  const { context, userId, input } = options;
  const user = await findUserById(context.db, userId);
  if (!user) throw new AppError(401, 'UNAUTHENTICATED', 'Please sign in to continue');
  if (!user.passwordHash) {
    throw new AppError(409, 'PASSWORD_MANAGED_ELSEWHERE', 'You sign in through your sign-in provider, so your password is changed there');
  }
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
    throw new AppError(400, 'WRONG_PASSWORD', WRONG_CURRENT_PASSWORD_MESSAGE);
  }
  const passwordHash = await hashPassword(input.newPassword);
  await context.transaction(async (tx) => {
    await setPasswordHash(tx, user.id, passwordHash);
    await revokeSessions(tx, { userId: user.id });
  });
  return user;
}
