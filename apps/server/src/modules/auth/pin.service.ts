/**
 * The PIN and panic-code check of every call that takes a PIN (docs/API.md "PIN attempts"):
 * validatepin, branch actions, timer stop, vault access. The panic (duress) code performs the
 * action as the PIN would; the caller raises the silent Duress notification when the answer is
 * 'duress'.
 *
 * Wrong PINs are limited per user across all of these calls (issue 12 finding 4): each one is
 * audited (`pin-failed`); once LOGIN_RATE_MAX of them fall within LOGIN_RATE_WINDOW_MS, every PIN
 * answers 429 until the window passes (audited `pin-rate-limited`). The panic code is never
 * refused by the limit: a user under duress is never shown a lockout.
 */
import { eq, sql } from 'drizzle-orm';
import { ErrorCode } from '@vigil/contract';
import { rows, type Db } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { AppError, badRequest } from '../../plugins/errors.js';
import { writeAudit } from '../audit/audit.service.js';
import { verifySecret } from './passwords.js';

/** What a PIN check needs: the database and the attempt window (LOGIN_RATE_MAX per LOGIN_RATE_WINDOW_MS). */
export interface PinCheckContext {
  db: Db;
  config: { loginRateMax: number; loginRateWindowMs: number };
}

/** Wrong PINs of `userId` within the window (audit rows `pin-failed`). */
async function recentFailures(db: Db, userId: number, windowMs: number): Promise<number> {
  const [recent] = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from audit_log where actor_user_id = ${userId} and action = 'pin-failed' and at > now() - make_interval(secs => ${windowMs / 1000})`,
  );
  return recent?.n ?? 0;
}

/**
 * Checks a PIN. Both stored hashes are always verified, so the time taken does not tell a PIN
 * from a panic code. Returns 'pin' or 'duress'.
 * @throws 429 errors.rateLimited when the user's wrong PINs reached the limit (never for the panic code);
 * 400 errors.invalidPin (field pin) for a wrong code, audited pin-failed.
 */
export async function checkPin(ctx: PinCheckContext, userId: number, code: string, ip: string | null = null): Promise<'pin' | 'duress'> {
  const { db, config } = ctx;
  const [u] = await db.select({ pinHash: users.pinHash, duressHash: users.duressHash }).from(users).where(eq(users.id, userId)).limit(1);
  const [isPin, isDuress] = await Promise.all([verifySecret(u?.pinHash, code), verifySecret(u?.duressHash, code)]);
  if (isDuress) return 'duress';
  if ((await recentFailures(db, userId, config.loginRateWindowMs)) >= config.loginRateMax) {
    await writeAudit(db, { actorUserId: userId, action: 'pin-rate-limited', entity: 'users', entityId: userId, ip });
    throw new AppError(429, ErrorCode.RateLimited, { minutes: Math.max(1, Math.ceil(config.loginRateWindowMs / 60_000)) });
  }
  if (isPin) return 'pin';
  await writeAudit(db, { actorUserId: userId, action: 'pin-failed', entity: 'users', entityId: userId, ip });
  throw badRequest(ErrorCode.InvalidPin, 'pin');
}
