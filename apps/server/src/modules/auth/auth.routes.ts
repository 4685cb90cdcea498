/**
 * Authentication routes (spec §7 Common and authentication): /locate, /api/{client,admin}/login,
 * isauthenticated, loginwithtoken, logout, and /api/client/forgotpassword.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ErrorCode,
  ZForgotPasswordRequest,
  ZLocateRequest,
  ZLoginRequest,
  ZLoginWithTokenRequest,
  type Envelope,
  type LocateResponse,
} from '@vigil/contract';
import { translate } from '@vigil/i18n';
import { requestLanguage, unauthorized } from '../../plugins/errors.js';
import { requireAdmin, requireClient } from '../../plugins/session.js';
import { presentUserInfos } from './auth.presenter.js';
import { currentUser, signIn, signInWithToken, signOut, type Area } from './auth.service.js';
import { requestPasswordReset } from '../account/account.service.js';
import { requestOrigin } from '../../lib/http.js';
import { ssoAuthorizationUrl } from '../account/sso.service.js';

export async function authRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { loginRateMax, loginRateWindowMs } = app.config;

  /**
   * Login-server lookup. Answers the same for unknown and known password accounts (no
   * enumeration); e-mails of a single sign-on domain answer the provider's https authorization
   * URL (account lifecycle, sso.service.ts).
   */
  app.post('/locate', { schema: { body: ZLocateRequest } }, async (req): Promise<Envelope<LocateResponse>> => {
    const sso = await ssoAuthorizationUrl(app, req, req.body.email);
    if (sso) return { success: true, body: { url: sso, sso: true } };
    const base = app.config.publicUrl ?? `${req.protocol}://${req.host}`;
    return { success: true, body: { url: base, sso: false } };
  });

  for (const area of ['client', 'admin'] as Area[]) {
    const guard = area === 'admin' ? requireAdmin : requireClient;

    app.post(
      `/api/${area}/login`,
      {
        schema: { body: ZLoginRequest },
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

    app.post(`/api/${area}/isauthenticated`, { preValidation: guard }, async (req) => {
      if (!req.auth) throw unauthorized();
      const user = await currentUser(app, req.auth);
      return { success: true, body: { UserInfos: presentUserInfos(user, req.auth.token), IsAdmin: req.auth.isAdmin } };
    });

    app.post(`/api/${area}/loginwithtoken`, { schema: { body: ZLoginWithTokenRequest } }, async (req, reply) => {
      const body = await signInWithToken(app, reply, req.body.token, area);
      return { success: true, body };
    });

    app.post(`/api/${area}/logout`, { schema: { body: z.unknown().optional() } }, async (req, reply) => {
      await signOut(app, req, reply);
      return { success: true, description: translate(requestLanguage(req), 'messages.loggedOut') };
    });
  }

  // Let reset mails in flight finish before the server closes.
  const pendingResets = new Set<Promise<unknown>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled([...pendingResets]);
  });

  /**
   * Forgot password (spec §7 forgotpassword). Answers the same, at once, whether or not the email
   * exists: the reset link and its e-mail (account.service.ts requestPasswordReset, for Active
   * password accounts) are made after the answer, so timing reveals nothing either.
   */
  app.post(
    '/api/client/forgotpassword',
    { schema: { body: ZForgotPasswordRequest }, config: { rateLimit: { max: loginRateMax, timeWindow: loginRateWindowMs } } },
    async (req) => {
      const work = requestPasswordReset(app, req.body.email, { origin: requestOrigin(req), ip: req.ip }).catch((err: unknown) =>
        app.log.error({ err: (err as Error).message }, 'password reset mail failed'),
      );
      pendingResets.add(work);
      void work.finally(() => pendingResets.delete(work));
      return { success: true, description: translate(requestLanguage(req), ErrorCode.ForgotPasswordSent) };
    },
  );
}
