/**
 * Account lifecycle services (spec §4 activation and reset flows, §5 rules, §7 calls):
 * one-time link tokens (256-bit, stored as SHA-256, expiring, spent once), activation, password
 * reset, temporary passwords, the PIN check and the demo outbox.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import {
  ACTIVATION_TOKEN_HOURS,
  AccountKey,
  RESET_TOKEN_HOURS,
  StatusId,
  activationFormSchema,
  roleById,
  type OutboxMessage,
} from '@vigil/contract';
import type { Db } from '../../db/client.js';
import { accountTokens, organizations, outbox, users } from '../../db/schema/index.js';
import { badRequest, notFound } from '../../plugins/errors.js';
import { endUserSessions, hashToken, newToken } from '../../plugins/session.js';
import { linkBase } from '../../lib/http.js';
import { writeAudit } from '../audit/audit.service.js';
import { checkPin, type PinCheckContext } from '../auth/pin.service.js';
import { hashSecret } from '../auth/passwords.js';
import { activationMail, activationSms, resetMail, temporaryPasswordMail, type Recipient } from './mail-templates.js';
import { messengerFor } from './messenger.js';

export type TokenPurpose = 'activation' | 'reset';

/** What the services need of the server: configuration and database. */
type AppLike = Pick<FastifyInstance, 'config' | 'db'>;

/**
 * Creates a one-time token for `userId` and `purpose`, valid `hours`; earlier unspent tokens of
 * the same purpose are spent (only the newest link works). Returns the raw token (never stored).
 */
export async function createLinkToken(
  db: Db,
  userId: number,
  purpose: TokenPurpose,
  hours: number,
): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const expiresAt = new Date(Date.now() + hours * 3_600_000);
  await db
    .update(accountTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, purpose), isNull(accountTokens.usedAt)));
  await db.insert(accountTokens).values({ userId, purpose, tokenHash: hashToken(token), expiresAt });
  return { token, expiresAt };
}

/** The user behind an unspent, unexpired token of `purpose`, with what the pages need. */
export interface TokenUser {
  tokenId: number;
  userId: number;
  roleId: number;
  statusId: number;
  email: string;
  name: string;
  langId: string;
  organizationId: number | null;
  usesSso: boolean;
}

/** Looks a raw token up; undefined when unknown, spent, expired or of another purpose. */
export async function findLinkToken(db: Db, token: string, purpose: TokenPurpose): Promise<TokenUser | undefined> {
  const [row] = await db
    .select({
      tokenId: accountTokens.id,
      userId: users.id,
      roleId: users.roleId,
      statusId: users.statusId,
      email: users.email,
      name: users.name,
      langId: users.langId,
      organizationId: users.organizationId,
      ssoIssuer: organizations.ssoIssuer,
    })
    .from(accountTokens)
    .innerJoin(users, eq(users.id, accountTokens.userId))
    .leftJoin(organizations, eq(organizations.id, users.organizationId))
    .where(
      and(
        eq(accountTokens.tokenHash, hashToken(token)),
        eq(accountTokens.purpose, purpose),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, sql`now()`),
      ),
    )
    .limit(1);
  if (!row) return undefined;
  const { ssoIssuer, ...rest } = row;
  return { ...rest, usesSso: !!ssoIssuer };
}

/** Spends a token once (true), or false when it was spent meanwhile (a concurrent use). */
async function spendToken(db: Db, tokenId: number): Promise<boolean> {
  const spent = await db
    .update(accountTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(accountTokens.id, tokenId), isNull(accountTokens.usedAt)))
    .returning({ id: accountTokens.id });
  return spent.length === 1;
}

async function recipient(db: Db, userId: number): Promise<(Recipient & { statusId: number; phoneNumber: string | null }) | undefined> {
  const [u] = await db
    .select({ email: users.email, name: users.name, langId: users.langId, statusId: users.statusId, phoneNumber: users.phoneNumber })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return u;
}

/** Options of issueActivation. */
export interface IssueActivationOptions {
  /** Origin of the request that asked (used when PUBLIC_URL is unset). */
  origin?: string;
  /** Who asked, for the audit log (null = the system). */
  actorUserId?: number | null;
  ip?: string | null;
  /** Also send the link by SMS to the user's phone (default false). */
  sms?: boolean;
}

/**
 * Issues an activation link for a Pending user (spec §4: "Pending users can have the activation
 * email/SMS resent"): a new one-time token valid ACTIVATION_TOKEN_HOURS (earlier links stop
 * working), mailed in the user's language with /validateToken/<token>/<email>.
 * @throws AppError 404 when the user does not exist or is not Pending.
 * @returns when the link expires.
 */
export async function issueActivation(app: AppLike, userId: number, opts: IssueActivationOptions = {}): Promise<{ expiresAt: Date }> {
  const u = await recipient(app.db, userId);
  if (!u || u.statusId !== StatusId.Pending) throw notFound();
  const { token, expiresAt } = await createLinkToken(app.db, userId, 'activation', ACTIVATION_TOKEN_HOURS);
  const link = `${linkBase(app, opts.origin)}/validateToken/${token}/${encodeURIComponent(u.email)}`;
  const messenger = messengerFor(app);
  await messenger.sendMail(activationMail(u, app.config.productName, link, ACTIVATION_TOKEN_HOURS));
  if (opts.sms && u.phoneNumber) await messenger.sendSms(u.phoneNumber, activationSms(u, app.config.productName, link));
  await writeAudit(app.db, {
    actorUserId: opts.actorUserId ?? null,
    action: 'issue-activation',
    entity: 'users',
    entityId: userId,
    ip: opts.ip ?? null,
    after: { expiresAt: expiresAt.toISOString(), sms: !!opts.sms },
  });
  return { expiresAt };
}

/**
 * Forgot password (spec §7 forgotpassword): when `email` belongs to an Active account that signs
 * in with a password (its organisation does not use single sign-on), issues a reset link valid
 * RESET_TOKEN_HOURS and mails /resetpassword/<token>/<email>. Does nothing otherwise; the
 * caller answers the same either way.
 */
export async function requestPasswordReset(app: AppLike, email: string, opts: { origin?: string; ip?: string | null }): Promise<void> {
  const [u] = await app.db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      langId: users.langId,
      statusId: users.statusId,
      ssoIssuer: organizations.ssoIssuer,
    })
    .from(users)
    .leftJoin(organizations, eq(organizations.id, users.organizationId))
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`)
    .limit(1);
  if (!u || u.statusId !== StatusId.Active || u.ssoIssuer) return;
  const { token } = await createLinkToken(app.db, u.id, 'reset', RESET_TOKEN_HOURS);
  const link = `${linkBase(app, opts.origin)}/resetpassword/${token}/${encodeURIComponent(u.email)}`;
  await messengerFor(app).sendMail(resetMail(u, app.config.productName, link, RESET_TOKEN_HOURS));
  await writeAudit(app.db, { actorUserId: null, action: 'issue-reset', entity: 'users', entityId: u.id, ip: opts.ip ?? null });
}

/** What an activation link offers (validatetokenforpin). */
export interface ActivationInfo {
  user: TokenUser;
  canLoginMobile: boolean;
  usesSso: boolean;
}

/** Checks an activation token: unspent, unexpired, user Pending. @throws 400 account.errors.invalidActivationLink. */
export async function checkActivationToken(db: Db, token: string): Promise<ActivationInfo> {
  const user = await findLinkToken(db, token, 'activation');
  if (!user || user.statusId !== StatusId.Pending) throw badRequest(AccountKey.InvalidActivationLink);
  return { user, canLoginMobile: roleById(user.roleId)?.mobileLogin ?? false, usesSso: user.usesSso };
}

/** The activation form values (spec §7 validateAndConfirm). */
export interface ActivationValues {
  password: string;
  password_confirm: string;
  pin: string;
  pin_confirm: string;
  duress: string;
  duress_confirm: string;
}

/**
 * Activates the account of an activation token (spec §5 Activation): re-validates the form with
 * the contract's schema for the token's flags (password unless single sign-on; PIN and panic code
 * when the role may use the mobile app), stores argon2id hashes, makes the user Active and spends
 * the token.
 * @throws 400 with the first §5 message (and its field), or account.errors.invalidActivationLink.
 */
export async function activateAccount(app: AppLike, token: string, values: ActivationValues, ip: string | null): Promise<ActivationInfo> {
  const info = await checkActivationToken(app.db, token);
  const parsed = activationFormSchema({ needPassword: !info.usesSso, needPin: info.canLoginMobile }).safeParse(values);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw badRequest(issue.message, String(issue.path[0] ?? ''));
  }
  const set: Partial<typeof users.$inferInsert> = { statusId: StatusId.Active, updatedAt: new Date() };
  if (!info.usesSso) {
    set.passwordHash = await hashSecret(values.password);
    set.mustChangePassword = false;
  }
  if (info.canLoginMobile) {
    set.pinHash = await hashSecret(values.pin);
    set.duressHash = await hashSecret(values.duress);
  }
  const done = await app.db.transaction(async (tx) => {
    if (!(await spendToken(tx, info.user.tokenId))) return false;
    await tx
      .update(users)
      .set(set)
      .where(and(eq(users.id, info.user.userId), eq(users.statusId, StatusId.Pending)));
    return true;
  });
  if (!done) throw badRequest(AccountKey.InvalidActivationLink);
  await writeAudit(app.db, {
    actorUserId: info.user.userId,
    action: 'activate',
    entity: 'users',
    entityId: info.user.userId,
    ip,
    before: { statusId: StatusId.Pending },
    after: { statusId: StatusId.Active, password: !info.usesSso, pin: info.canLoginMobile },
  });
  return info;
}

/**
 * Sets a new password through a reset link (spec §7 confirmpassword): spends the token, stores
 * the argon2id hash and ends every session of the user.
 * @throws 400 account.errors.invalidResetLink for an unknown, spent or expired token or a user that is not Active.
 * @returns the user's role id.
 */
export async function confirmPasswordReset(app: AppLike, token: string, password: string, ip: string | null): Promise<{ roleId: number }> {
  const user = await findLinkToken(app.db, token, 'reset');
  if (!user || user.statusId !== StatusId.Active) throw badRequest(AccountKey.InvalidResetLink);
  const passwordHash = await hashSecret(password);
  const done = await app.db.transaction(async (tx) => {
    if (!(await spendToken(tx, user.tokenId))) return false;
    await tx.update(users).set({ passwordHash, mustChangePassword: false, updatedAt: new Date() }).where(eq(users.id, user.userId));
    await endUserSessions(tx, user.userId);
    return true;
  });
  if (!done) throw badRequest(AccountKey.InvalidResetLink);
  await writeAudit(app.db, { actorUserId: user.userId, action: 'reset-password', entity: 'users', entityId: user.userId, ip });
  return { roleId: user.roleId };
}

/** A random temporary password: 14 characters without look-alikes (about 80 bits). */
export function randomTemporaryPassword(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
  const bytes = randomBytes(14);
  return [...bytes].map((b) => alphabet[b % alphabet.length]).join('');
}

/**
 * Temporary password (spec §7 temporary-password, our design): sets a random password on an
 * Active user, ends the user's sessions and mails the password to the user (never to the caller).
 * @throws 404 for a user that is not Active.
 */
export async function sendTemporaryPassword(
  app: AppLike,
  userId: number,
  opts: { actorUserId: number; origin?: string; ip?: string | null },
): Promise<void> {
  const u = await recipient(app.db, userId);
  if (!u || u.statusId !== StatusId.Active) throw notFound();
  const password = randomTemporaryPassword();
  await app.db
    .update(users)
    .set({ passwordHash: await hashSecret(password), mustChangePassword: true, updatedAt: new Date() })
    .where(eq(users.id, userId));
  await endUserSessions(app.db, userId);
  await messengerFor(app).sendMail(temporaryPasswordMail(u, app.config.productName, password, `${linkBase(app, opts.origin)}/login`));
  await writeAudit(app.db, {
    actorUserId: opts.actorUserId,
    action: 'temporary-password',
    entity: 'users',
    entityId: userId,
    ip: opts.ip ?? null,
  });
}

/**
 * PIN check for the signed-in user (spec §7 validatepin), through the shared PIN check
 * (auth/pin.service.ts): wrong PINs of every PIN-taking call count against one limit per user
 * (LOGIN_RATE_MAX in LOGIN_RATE_WINDOW_MS), the panic code is accepted and never locked out. A
 * right code is audited pin-validated; the PIN never is.
 * @throws 429 errors.rateLimited, 400 errors.invalidPin (field pin).
 */
export async function validatePin(ctx: PinCheckContext, userId: number, pin: string, opts: { ip: string | null }): Promise<void> {
  await checkPin(ctx, userId, pin, opts.ip);
  await writeAudit(ctx.db, { actorUserId: userId, action: 'pin-validated', entity: 'users', entityId: userId, ip: opts.ip });
}

/** The demo mailbox (messages kept when SMTP_URL is unset), newest first, optionally for one recipient (any case). */
export async function listOutbox(db: Db, f: { to?: string | undefined; limit: number }): Promise<OutboxMessage[]> {
  const list = await db
    .select()
    .from(outbox)
    .where(f.to ? sql`lower(${outbox.recipient}) = ${f.to.toLowerCase()}` : undefined)
    .orderBy(desc(outbox.id))
    .limit(f.limit);
  return list.map((m) => ({
    Id: m.id,
    Channel: m.channel === 'sms' ? 'sms' : 'email',
    To: m.recipient,
    Subject: m.subject,
    Text: m.text,
    Html: m.html,
    CreatedAt: m.createdAt.toISOString(),
  }));
}
