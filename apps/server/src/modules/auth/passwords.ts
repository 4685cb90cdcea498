/** argon2id hashing of passwords, PINs and panic codes (ARCHITECTURE.md Security defaults). */
import { hash, verify } from '@node-rs/argon2';

/** argon2id with OWASP-recommended parameters (19 MiB, 2 passes). */
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashSecret(secret: string): Promise<string> {
  return hash(secret, OPTIONS);
}

/** A hash of a random secret, verified against when the account is unknown so timing reveals nothing. */
let dummy: Promise<string> | undefined;

/** True when `secret` matches `stored`; false (after equal work) when there is no stored hash. */
export async function verifySecret(stored: string | null | undefined, secret: string): Promise<boolean> {
  if (!stored) {
    dummy ??= hashSecret('not-a-real-password-' + Math.random());
    await verify(await dummy, secret).catch(() => false);
    return false;
  }
  return verify(stored, secret).catch(() => false);
}
