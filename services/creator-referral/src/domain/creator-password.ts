import argon2 from 'argon2';

// The same argon2id baseline identity uses (OWASP: 19 MiB, 2 iterations).
const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** Creator accounts' passwords: hashed by the admin routes, checked at creator sign-in. */
export const hashCreatorPassword = (password: string) => argon2.hash(password, OPTIONS);

let dummyHash: Promise<string> | null = null;

/** Takes as long for an unknown email as for a wrong password, so sign-in does not reveal which accounts exist. */
export async function verifyCreatorPassword(hash: string | null, password: string): Promise<boolean> {
  if (!hash) {
    dummyHash ??= hashCreatorPassword('not a real password');
    await argon2.verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return argon2.verify(hash, password).catch(() => false);
}
