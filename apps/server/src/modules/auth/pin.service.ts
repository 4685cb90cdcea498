/**
 * The PIN and panic-code check of PIN-confirmed actions (docs/API.md Mobile API: branch actions,
 * timer stop, vault access). The panic (duress) code performs the action as the PIN would; the
 * caller raises the silent Duress notification when the answer is 'duress'.
 */
import { eq } from 'drizzle-orm';
import { ErrorCode } from '@vigil/contract';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { badRequest } from '../../plugins/errors.js';
import { verifySecret } from './passwords.js';

/**
 * Checks a PIN. Both stored hashes are always verified, so the time taken does not tell a PIN
 * from a panic code. Returns 'pin' or 'duress'. @throws 400 errors.invalidPin (field pin) for a wrong code.
 */
export async function checkPin(db: Db, userId: number, code: string): Promise<'pin' | 'duress'> {
  const [u] = await db.select({ pinHash: users.pinHash, duressHash: users.duressHash }).from(users).where(eq(users.id, userId)).limit(1);
  const [isPin, isDuress] = await Promise.all([verifySecret(u?.pinHash, code), verifySecret(u?.duressHash, code)]);
  if (isPin) return 'pin';
  if (isDuress) return 'duress';
  throw badRequest(ErrorCode.InvalidPin, 'pin');
}
