import argon2 from 'argon2';
import { randomBytes } from 'node:crypto';

/** argon2id with OWASP's first-choice parameters (DESIGN.md section 1); no other scheme is used. */
const hashOptions = {
  type: argon2.argon2id,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, hashOptions);
}

let decoyHash: Promise<string> | null = null;

/**
 * Checks a password against a stored hash. An account that does not exist or has no password
 * (NULL hash) is checked against a decoy hash, so that an unknown username costs the same argon2
 * work as a wrong password and response times do not tell which usernames exist.
 */
export async function passwordMatches(
  storedHash: string | null,
  password: string,
): Promise<boolean> {
  if (storedHash === null) {
    decoyHash ??= hashPassword(randomBytes(32).toString('base64url'));
    await argon2.verify(await decoyHash, password).catch(() => false);
    return false;
  }
  try {
    return await argon2.verify(storedHash, password);
  } catch {
    // A malformed stored hash matches nothing.
    return false;
  }
}
