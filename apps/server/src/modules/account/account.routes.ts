/**
 * Account lifecycle routes (spec §7 Employees and profile, Common and authentication; docs/API.md
 * "Account lifecycle"): validatetokenforpin, validateAndConfirm, validateLink, confirmpassword,
 * forgotpassword, validatepin, temporary-password; the platform admin's outbox. Link-token calls
 * need no session and are rate limited per IP address.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AccountKey,
  ErrorCode,
  StatusId,
  ZConfirmPasswordRequest,
  ZForgotPasswordRequest,
  ZOutboxRequest,
  ZTemporaryPasswordRequest,
  ZValidateAndConfirmRequest,
  ZValidateLinkRequest,
  ZValidatePinRequest,
  ZValidateTokenForPinRequest,
  type ConfirmPasswordBody,
  type OutboxMessage,
  type ValidateLinkBody,
  type ValidateTokenForPinBody,
  responsesOf,
  ZValidateTokenForPinBody,
  ZValidateAndConfirmBody,
  ZValidateLinkBody,
  ZConfirmPasswordBody,
  ZOkEnvelope,
  ZErrorEnvelope,
  ZValidatepinBody,
  ZAdminOutboxBody,
  type Answer,
} from '@vigil/contract';
import { translate } from '@vigil/i18n';
import { manageableUser } from '../../plugins/authorization.js';
import { requestLanguage } from '../../plugins/errors.js';
import { authOf, requireAdmin, requireClient } from '../../plugins/session.js';
import { requestOrigin } from '../../lib/http.js';
import {
  activateAccount,
  checkActivationToken,
  confirmPasswordReset,
  findLinkToken,
  listOutbox,
  requestPasswordReset,
  sendTemporaryPassword,
  validatePin,
} from './account.service.js';

export async function accountRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { loginRateMax, loginRateWindowMs } = app.config;
  /** Link-token calls: per IP address, three times the login allowance (a person mistypes; a robot guesses). */
  const linkLimit = {
    rateLimit: { max: loginRateMax * 3, timeWindow: loginRateWindowMs, keyGenerator: (req: { ip: string }) => `account-link|${req.ip}` },
  };
  const text = (lang: ReturnType<typeof requestLanguage>, key: string) => translate(lang, key, { product: app.config.productName });

  /** Activation link check (spec §7 validatetokenforpin). 400 account.errors.invalidActivationLink. */
  app.post(
    '/api/client/validatetokenforpin',
    { schema: { body: ZValidateTokenForPinRequest, response: responsesOf(ZValidateTokenForPinBody) }, config: linkLimit },
    async (req): Promise<Answer<ValidateTokenForPinBody>> => {
      const info = await checkActivationToken(app.db, req.body.token);
      const description = text(requestLanguage(req), 'account.activation.title');
      return {
        success: true,
        body: { can_login_mobile: info.canLoginMobile, role_id: info.user.roleId, uses_sso: info.usesSso, description },
      };
    },
  );

  /** Activation (spec §7 validateAndConfirm, §5 Activation). */
  app.post(
    '/api/client/validateAndConfirm',
    { schema: { body: ZValidateAndConfirmRequest, response: responsesOf(ZValidateAndConfirmBody) }, config: linkLimit },
    async (req): Promise<Answer<{ role_id: number; can_login_mobile: boolean }>> => {
      const { token, sso: _sso, show_pin: _showPin, ...values } = req.body;
      const info = await activateAccount(app, token, values, req.ip);
      return {
        success: true,
        description: text(requestLanguage(req), AccountKey.Activated),
        body: { role_id: info.user.roleId, can_login_mobile: info.canLoginMobile },
      };
    },
  );

  /** Reset link check (spec §7 validateLink): 200 with resflag true, or resflag false and the reason. */
  app.post(
    '/api/client/validateLink',
    { schema: { body: ZValidateLinkRequest, response: responsesOf(ZValidateLinkBody) }, config: linkLimit },
    async (req): Promise<Answer<ValidateLinkBody>> => {
      const lang = requestLanguage(req);
      const user = await findLinkToken(app.db, req.body.token, 'reset');
      const ok = !!user && user.statusId === StatusId.Active;
      return { success: true, body: { resflag: ok, msg: text(lang, ok ? AccountKey.ResetLinkValid : AccountKey.InvalidResetLink) } };
    },
  );

  /** New password through a reset link (spec §7 confirmpassword). */
  app.post(
    '/api/client/confirmpassword',
    { schema: { body: ZConfirmPasswordRequest, response: responsesOf(ZConfirmPasswordBody) }, config: linkLimit },
    async (req): Promise<Answer<ConfirmPasswordBody>> => {
      const { roleId } = await confirmPasswordReset(app, req.body.token, req.body.password, req.ip);
      return {
        success: true,
        description: text(requestLanguage(req), AccountKey.PasswordReset),
        body: { resetobject: { role_id: roleId } },
      };
    },
  );

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
    {
      schema: { body: ZForgotPasswordRequest, response: { 200: ZOkEnvelope, '4xx': ZErrorEnvelope } },
      config: { rateLimit: { max: loginRateMax, timeWindow: loginRateWindowMs } },
    },
    async (req) => {
      const work = requestPasswordReset(app, req.body.email, { origin: requestOrigin(req), ip: req.ip }).catch((err: unknown) =>
        app.log.error({ err: (err as Error).message }, 'password reset mail failed'),
      );
      pendingResets.add(work);
      void work.finally(() => pendingResets.delete(work));
      return { success: true, description: translate(requestLanguage(req), ErrorCode.ForgotPasswordSent) };
    },
  );

  /** PIN check for the signed-in user (spec §7 validatepin), counted per user against LOGIN_RATE_MAX / LOGIN_RATE_WINDOW_MS. */
  app.post(
    '/api/client/validatepin',
    { preValidation: requireClient, schema: { body: ZValidatePinRequest, response: responsesOf(ZValidatepinBody) }, config: linkLimit },
    async (req): Promise<Answer<{ valid: true }>> => {
      await validatePin(app, authOf(req).userId, req.body.pin, { ip: req.ip });
      return { success: true, description: text(requestLanguage(req), AccountKey.PinValid), body: { valid: true } };
    },
  );

  /** Temporary password for a user in scope (our design; docs/API.md). */
  app.post(
    '/api/client/temporary-password',
    { preValidation: requireClient, schema: { body: ZTemporaryPasswordRequest, response: { 200: ZOkEnvelope, '4xx': ZErrorEnvelope } } },
    async (req) => {
      const auth = authOf(req);
      const target = await manageableUser(app.db, auth, req.body.employeeId);
      await sendTemporaryPassword(app, target.id, { actorUserId: auth.userId, origin: requestOrigin(req), ip: req.ip });
      return { success: true, description: text(requestLanguage(req), AccountKey.TemporaryPasswordSent) };
    },
  );

  /** Platform admin: the demo mailbox (messages kept when SMTP_URL is unset), newest first. */
  app.post(
    '/api/admin/outbox',
    { preValidation: requireAdmin, schema: { body: ZOutboxRequest, response: responsesOf(ZAdminOutboxBody) } },
    async (req): Promise<Answer<{ outboxobject: OutboxMessage[] }>> => ({
      success: true,
      body: { outboxobject: await listOutbox(app.db, req.body) },
    }),
  );
}
