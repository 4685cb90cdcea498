/**
 * Single sign-on with OpenID Connect (spec §2 /login SSO branch, §7 sso; ARCHITECTURE.md SSO):
 * authorization code flow with PKCE (S256), state and nonce, through openid-client 6.
 *
 * - /locate: an e-mail whose domain is an organisation's `sso_domain` answers the provider's
 *   https authorization URL (login_hint = the e-mail). The PKCE verifier and nonce are kept in
 *   `sso_states`, keyed by the SHA-256 of the state, for SSO_STATE_MINUTES.
 * - /api/client/sso: the state is looked up and spent once (an unknown, used, expired or tampered
 *   state is refused), the code is exchanged with the verifier, the ID token's nonce checked, and
 *   the e-mail claim must name an Active user of that organisation with console access.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import type * as Oidc from 'openid-client';
import { AccountKey, ErrorCode, SSO_STATE_MINUTES, StatusId, type LoginResult, type SsoRequest } from '@vigil/contract';
import { organizations, ssoStates, users } from '../../db/schema/index.js';
import { AppError, badRequest } from '../../plugins/errors.js';
import { createSession, hashToken, issueCsrfToken } from '../../plugins/session.js';
import { writeAudit } from '../audit/audit.service.js';
import { presentLoginResult } from './auth.presenter.js';
import { assertWebAccess, loadUser, securityOfficesOf } from './auth.service.js';
import { fetchTrustingCa } from './ca-fetch.js';
import { linkBase, requestOrigin } from '../../lib/http.js';

type AppLike = Pick<FastifyInstance, 'config' | 'db' | 'log'>;

interface SsoOrganization {
  id: number;
  ssoIssuer: string;
  ssoClientId: string;
  ssoClientSecret: string | null;
}

/** Discovered provider configurations, per organisation settings, for 10 minutes. */
const discovered = new Map<string, { at: number; config: Promise<Oidc.Configuration> }>();
const DISCOVERY_TTL_MS = 10 * 60_000;
const customFetches = new Map<string, Oidc.CustomFetch>();

/** openid-client, loaded by the first SSO sign-in (a process whose organisations use none never loads it). */
let oidcModule: Promise<typeof Oidc> | undefined;
const loadOidc = () => (oidcModule ??= import('openid-client'));

function fetchFor(app: AppLike): Oidc.CustomFetch | undefined {
  const file = app.config.ssoCaFile;
  if (!file) return undefined;
  let f = customFetches.get(file);
  if (!f) {
    f = fetchTrustingCa(file);
    customFetches.set(file, f);
  }
  return f;
}

/** The openid-client configuration of an organisation (discovery, cached). @throws 502 account.errors.ssoUnavailable. */
async function providerConfig(app: AppLike, org: SsoOrganization): Promise<Oidc.Configuration> {
  const oidc = await loadOidc();
  const key = `${org.id}|${org.ssoIssuer}|${org.ssoClientId}|${hashToken(org.ssoClientSecret ?? '')}`;
  const hit = discovered.get(key);
  if (hit && Date.now() - hit.at < DISCOVERY_TTL_MS) return hit.config;
  const customFetch = fetchFor(app);
  const config = oidc.discovery(
    new URL(org.ssoIssuer),
    org.ssoClientId,
    undefined,
    org.ssoClientSecret ? oidc.ClientSecretPost(org.ssoClientSecret) : oidc.None(),
    customFetch ? { [oidc.customFetch]: customFetch } : undefined,
  );
  discovered.set(key, { at: Date.now(), config });
  try {
    return await config;
  } catch (err) {
    discovered.delete(key);
    app.log.warn({ organizationId: org.id, issuer: org.ssoIssuer, err: (err as Error).message }, 'sso discovery failed');
    throw new AppError(502, AccountKey.SsoUnavailable);
  }
}

/** Forget cached provider configurations of an organisation (after its settings change). */
export function forgetProviderConfig(organizationId: number): void {
  for (const key of discovered.keys()) if (key.startsWith(`${organizationId}|`)) discovered.delete(key);
}

async function organizationById(app: AppLike, id: number): Promise<SsoOrganization | undefined> {
  const [org] = await app.db
    .select({
      id: organizations.id,
      ssoIssuer: organizations.ssoIssuer,
      ssoClientId: organizations.ssoClientId,
      ssoClientSecret: organizations.ssoClientSecret,
    })
    .from(organizations)
    .where(and(eq(organizations.id, id), isNotNull(organizations.ssoIssuer), isNotNull(organizations.ssoClientId)))
    .limit(1);
  return org as SsoOrganization | undefined;
}

/**
 * For /locate: the single sign-on authorization URL of the organisation whose `sso_domain` is the
 * e-mail's domain, or null when that domain signs in with passwords. Unknown users of an SSO
 * domain get the same redirect (the provider decides; nothing is revealed here).
 */
export async function ssoAuthorizationUrl(app: AppLike, req: FastifyRequest, email: string): Promise<string | null> {
  const domain = email.trim().toLowerCase().split('@')[1] ?? '';
  if (!domain) return null;
  const [org] = await app.db
    .select({
      id: organizations.id,
      ssoIssuer: organizations.ssoIssuer,
      ssoClientId: organizations.ssoClientId,
      ssoClientSecret: organizations.ssoClientSecret,
    })
    .from(organizations)
    .where(and(eq(organizations.ssoDomain, domain), isNotNull(organizations.ssoIssuer), isNotNull(organizations.ssoClientId)))
    .limit(1);
  if (!org) return null;
  const config = await providerConfig(app, org as SsoOrganization);
  const oidc = await loadOidc();
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const redirectUri = `${linkBase(app, requestOrigin(req))}/login`;
  await app.db.delete(ssoStates).where(sql`${ssoStates.expiresAt} < now() - interval '1 day'`);
  await app.db.insert(ssoStates).values({
    stateHash: hashToken(state),
    organizationId: org.id,
    codeVerifier,
    nonce,
    redirectUri,
    loginHint: email.trim(),
    expiresAt: new Date(Date.now() + SSO_STATE_MINUTES * 60_000),
  });
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: 'openid email profile',
    response_type: 'code',
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
    login_hint: email.trim(),
  });
  return url.href;
}

/**
 * POST /api/client/sso: completes the sign-in. Refusals: 400 errors.unableToValidate ('Unable to
 * validate user credentials. Please try to log in again.') for an unknown, used, expired or
 * tampered state, a code the provider refuses, or an e-mail that is not an Active user of the
 * organisation; 403 errors.webLoginNotAllowed for accounts without console access (mobile-only
 * roles included); 403 errors.adminUseAdminLogin for platform admins.
 */
export async function completeSso(app: FastifyInstance, req: FastifyRequest, reply: FastifyReply, body: SsoRequest): Promise<LoginResult> {
  const refuse = async (reason: string, userId: number | null = null): Promise<never> => {
    await writeAudit(app.db, {
      actorUserId: userId,
      action: 'sso-failed',
      entity: 'users',
      entityId: userId,
      ip: req.ip,
      after: { reason },
    });
    throw badRequest(ErrorCode.UnableToValidate);
  };
  if (!body.state) return refuse('state');
  const state = body.state;
  const [row] = await app.db
    .update(ssoStates)
    .set({ usedAt: new Date() })
    .where(and(eq(ssoStates.stateHash, hashToken(state)), isNull(ssoStates.usedAt), gt(ssoStates.expiresAt, sql`now()`)))
    .returning();
  if (!row) return refuse('state');
  const org = await organizationById(app, row.organizationId);
  if (!org) return refuse('organization');
  const config = await providerConfig(app, org);
  const oidc = await loadOidc();
  const callback = new URL(row.redirectUri);
  callback.searchParams.set('code', body.code);
  callback.searchParams.set('state', state);
  if (body.session_state) callback.searchParams.set('session_state', body.session_state);
  if (body.iss) callback.searchParams.set('iss', body.iss);
  let email: string | undefined;
  try {
    const tokens = await oidc.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: row.codeVerifier,
      expectedState: state,
      expectedNonce: row.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (claims && typeof claims.email === 'string' && claims.email_verified !== false) email = claims.email;
    else if (claims) {
      // Providers that keep the ID token small give the e-mail at the userinfo endpoint.
      const info = await oidc.fetchUserInfo(config, tokens.access_token, claims.sub);
      if (typeof info.email === 'string' && info.email_verified !== false) email = info.email;
    }
  } catch (err) {
    app.log.warn({ organizationId: org.id, err: (err as Error).message }, 'sso code exchange refused');
    return refuse('exchange');
  }
  if (!email) return refuse('email');
  const user = await loadUser(app, sql`lower(${users.email}) = ${email.toLowerCase()}`);
  if (!user || user.organizationId !== org.id || user.statusId !== StatusId.Active) return refuse('user', user?.userId ?? null);
  try {
    assertWebAccess(app, user, 'client');
  } catch (err) {
    await writeAudit(app.db, {
      actorUserId: user.userId,
      action: 'sso-refused',
      entity: 'users',
      entityId: user.userId,
      ip: req.ip,
      after: { roleId: user.roleId },
    });
    throw err;
  }
  const token = await createSession(app, req, reply, { userId: user.userId, isAdmin: false, sessionType: 'WEB' });
  await app.db.update(users).set({ lastLogin: new Date() }).where(eq(users.id, user.userId));
  await writeAudit(app.db, {
    actorUserId: user.userId,
    action: 'login',
    entity: 'users',
    entityId: user.userId,
    ip: req.ip,
    after: { area: 'client', sso: true },
  });
  issueCsrfToken(app, reply);
  return presentLoginResult(user, token, {
    isAdmin: false,
    securityOffices: await securityOfficesOf(app, user.userId),
    lastEventId: app.dispatcher.cursor,
  });
}
