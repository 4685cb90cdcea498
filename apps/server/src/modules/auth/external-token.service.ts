/**
 * External sign-in tokens (spec §7 externaltoken; issue 19, our design, docs/API.md): a signed-in
 * user (web console or mobile app) asks for a one-time token that opens the web console as the
 * same user somewhere else; /api/client/loginwithtoken spends it for a new WEB session. Tokens
 * live in account_tokens with purpose 'external': only the SHA-256 of the 256-bit raw token is
 * kept, it lasts EXTERNAL_TOKEN_SECONDS, is spent on first use (a race has one winner), and a new
 * one spends the user's earlier unspent token. Issue and use are audited (never the token).
 */
import type { FastifyInstance } from 'fastify';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { EXTERNAL_TOKEN_SECONDS, type ExternalToken } from '@vigil/contract';
import { accountTokens } from '../../db/schema/index.js';
import { hashToken, newToken, type AuthContext } from '../../plugins/session.js';
import { writeAudit } from '../audit/audit.service.js';

const PURPOSE = 'external';

/**
 * A new external token for the signed-in `auth` user; `consoleBase` is the console's address
 * (the link is `${consoleBase}/login?token=…`).
 */
export async function issueExternalToken(
  app: FastifyInstance,
  auth: AuthContext,
  consoleBase: string,
  ip: string | null,
): Promise<ExternalToken> {
  const token = newToken();
  const expiresAt = new Date(Date.now() + EXTERNAL_TOKEN_SECONDS * 1000);
  await app.db.transaction(async (tx) => {
    await tx
      .update(accountTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(accountTokens.userId, auth.userId), eq(accountTokens.purpose, PURPOSE), isNull(accountTokens.usedAt)));
    await tx.insert(accountTokens).values({ userId: auth.userId, purpose: PURPOSE, tokenHash: hashToken(token), expiresAt });
  });
  await writeAudit(app.db, {
    actorUserId: auth.userId,
    action: 'external-token',
    entity: 'users',
    entityId: auth.userId,
    ip,
    after: { sessionType: auth.sessionType },
  });
  return { token, expiresAt: expiresAt.toISOString(), url: `${consoleBase}/login?token=${encodeURIComponent(token)}` };
}

/**
 * Spends an external token: the user id when `token` is an unspent, unexpired external token
 * (spent now), else null (unknown, spent, expired — the caller answers 'Expired Session').
 */
export async function spendExternalToken(app: FastifyInstance, token: string): Promise<number | null> {
  const [row] = await app.db
    .update(accountTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(accountTokens.tokenHash, hashToken(token)),
        eq(accountTokens.purpose, PURPOSE),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: accountTokens.userId });
  return row?.userId ?? null;
}
