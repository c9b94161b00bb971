import argon2 from 'argon2';

// OWASP's argon2id baseline: 19 MiB, 2 iterations, one lane.
const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** Every password (listeners', creators') is stored as this argon2id hash, never as itself. */
export const hashPassword = (password: string) => argon2.hash(password, OPTIONS);

let dummyHash: Promise<string> | null = null;

/**
 * Checks a password against its stored hash. With no hash (an unknown email, or an
 * account that signs in through the OpenID provider) it still spends the time of one
 * verification, so response times do not reveal which emails have accounts.
 */
export async function verifyPassword(hash: string | null, password: string): Promise<boolean> {
  if (!hash) {
    dummyHash ??= hashPassword('not-a-real-password');
    await argon2.verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return argon2.verify(hash, password).catch(() => false);
}
