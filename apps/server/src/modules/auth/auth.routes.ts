/**
 * Authentication routes (spec §7 Common and authentication): /locate, /api/{client,admin}/login,
 * isauthenticated, loginwithtoken, logout, and the single sign-on completion /api/client/sso.
 * Every way to get or end a session lives here; the account lifecycle (activation, reset,
 * forgot password) is the account module's.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZExternalTokenRequest,
  ZLocateRequest,
  ZLoginRequest,
  ZLoginWithTokenRequest,
  ZSsoRequest,
  type ExternalToken,
  type LocateResponse,
  responsesOf,
  ZLocateResponse,
  ZLoginResult,
  ZExternalToken,
  ZIsAuthenticatedBody,
  ZOkEnvelope,
  ZErrorEnvelope,
  type Answer,
} from '@vigil/contract';
import { translate } from '@vigil/i18n';
import { linkBase, requestOrigin } from '../../lib/http.js';
import { requestLanguage, unauthorized } from '../../plugins/errors.js';
import { authOf, requireAdmin, requireClient, requireMobile } from '../../plugins/session.js';
import { presentUserInfos } from './auth.presenter.js';
import { currentUser, signIn, signInWithToken, signOut, type Area } from './auth.service.js';
import { completeSso, ssoAuthorizationUrl } from './sso.service.js';
import { issueExternalToken } from './external-token.service.js';

export async function authRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { loginRateMax, loginRateWindowMs } = app.config;

  /**
   * Login-server lookup. Answers the same for unknown and known password accounts (no
   * enumeration); e-mails of a single sign-on domain answer the provider's https authorization
   * URL (account lifecycle, sso.service.ts).
   */
  app.post(
    '/locate',
    { schema: { body: ZLocateRequest, response: responsesOf(ZLocateResponse) } },
    async (req): Promise<Answer<LocateResponse>> => {
      const sso = await ssoAuthorizationUrl(app, req, req.body.email);
      if (sso) return { success: true, body: { url: sso, sso: true } };
      const base = linkBase(app, requestOrigin(req));
      return { success: true, body: { url: base, sso: false } };
    },
  );

  for (const area of ['client', 'admin'] as Area[]) {
    const guard = area === 'admin' ? requireAdmin : requireClient;

    app.post(
      `/api/${area}/login`,
      {
        schema: { body: ZLoginRequest, response: responsesOf(ZLoginResult) },
        config: {
          rateLimit: {
            max: loginRateMax,
            timeWindow: loginRateWindowMs,
            // Per account and IP: one address cannot hammer one account, nor be slowed by another's attempts.
            keyGenerator: (req) => {
              const body = req.body as { username?: unknown } | undefined;
              const user = typeof body?.username === 'string' ? body.username.trim().toLowerCase() : '';
              return `login|${area}|${req.ip}|${user}`;
            },
          },
        },
      },
      async (req, reply) => {
        const body = await signIn(app, req, reply, { username: req.body.username, password: req.body.password, area });
        return { success: true, body };
      },
    );

    app.post(
      `/api/${area}/isauthenticated`,
      { preValidation: guard, schema: { response: responsesOf(ZIsAuthenticatedBody) } },
      async (req) => {
        if (!req.auth) throw unauthorized();
        const user = currentUser(req.auth);
        return {
          success: true,
          body: { UserInfos: presentUserInfos(user, req.auth.token, app.dispatcher.cursor), IsAdmin: req.auth.isAdmin },
        };
      },
    );

    app.post(
      `/api/${area}/loginwithtoken`,
      { schema: { body: ZLoginWithTokenRequest, response: responsesOf(ZLoginResult) } },
      async (req, reply) => {
        const body = await signInWithToken(app, req, reply, req.body.token, area);
        return { success: true, body };
      },
    );

    app.post(
      `/api/${area}/logout`,
      { schema: { body: z.unknown().optional(), response: { 200: ZOkEnvelope, '4xx': ZErrorEnvelope } } },
      async (req, reply) => {
        await signOut(app, req, reply);
        return { success: true, description: translate(requestLanguage(req), 'messages.loggedOut') };
      },
    );
  }

  /** Single sign-on completion (spec §7 sso): the Login result, like /api/client/login. Rate limited per IP address. */
  app.post(
    '/api/client/sso',
    {
      schema: { body: ZSsoRequest, response: responsesOf(ZLoginResult) },
      config: { rateLimit: { max: loginRateMax * 3, timeWindow: loginRateWindowMs, keyGenerator: (req) => `account-link|${req.ip}` } },
    },
    async (req, reply) => {
      const body = await completeSso(app, req, reply, req.body);
      return { success: true, body };
    },
  );

  /**
   * externaltoken (spec §7; our design, docs/API.md): a one-time token, valid EXTERNAL_TOKEN_SECONDS,
   * that opens the web console as the signed-in user elsewhere (loginwithtoken or /login?token=…).
   * From the console (cookie session) and from the mobile app (bearer session).
   */
  for (const [path, guard] of [
    ['/api/client/externaltoken', requireClient],
    ['/api/mobile/externaltoken', requireMobile],
  ] as const) {
    app.post(
      path,
      { preValidation: guard, schema: { body: ZExternalTokenRequest, response: responsesOf(ZExternalToken) } },
      async (req): Promise<Answer<ExternalToken>> => ({
        success: true,
        body: await issueExternalToken(app, authOf(req), linkBase(app, requestOrigin(req)), req.ip),
      }),
    );
  }
}
