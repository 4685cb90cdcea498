/**
 * Mobile API routes (docs/API.md "Mobile API"): /api/mobile/login, branchaction, alarm, checkin,
 * checkout, timer/start, timer/ping, timer/stop and vaultaccess. Bearer-token sessions of mobile
 * roles (requireMobile); the login is rate limited per address and account.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZUpdatePasswordRequest,
  ZAlarmRequest,
  ZBranchActionRequest,
  ZCheckInRequest,
  ZCheckOutRequest,
  ZMobileLoginRequest,
  ZTimerPingRequest,
  ZTimerStartRequest,
  ZTimerStopRequest,
  ZVaultAccessRequest,
  responsesOf,
  ZMobileLoginBody,
  ZManageUserPropertiesBody,
  ZMobileBranchactionBody,
  ZMobileAlarmBody,
  ZMobileCheckinBody,
  ZMobileCheckoutBody,
  ZMobileTimerStartBody,
  ZMobileTimerPingBody,
  ZMobileTimerStopBody,
  ZMobileVaultaccessBody,
} from '@vigil/contract';
import { translate } from '@vigil/i18n';
import { requestLanguage } from '../../plugins/errors.js';
import { authOf, requireMobile } from '../../plugins/session.js';
import { updateOwnProfile } from '../profile/profile.service.js';
import { branchAction } from '../branches/branch-mode.service.js';
import { checkIn, checkOut, mobileSignIn, pingTimer, raiseAlarm, startTimer, stopTimer } from './mobile.service.js';
import { startWithBranchAction } from '../task-lists/tasks.service.js';
import { recordVaultAccess } from './vault-access.service.js';

export async function mobileRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  /** Password sign-in for mobile roles: a bearer token and the branches the user may act on. */
  app.post(
    '/api/mobile/login',
    {
      schema: { body: ZMobileLoginRequest, response: responsesOf(ZMobileLoginBody) },
      config: {
        rateLimit: {
          max: app.config.loginRateMax,
          timeWindow: app.config.loginRateWindowMs,
          keyGenerator: (req) => `mlogin|${req.ip}|${String((req.body as { username?: string })?.username ?? '').toLowerCase()}`,
        },
      },
    },
    async (req) => ({
      success: true,
      body: await mobileSignIn(app, req.body, { ip: req.ip, userAgent: req.headers['user-agent'], sessionMs: app.config.mobileSessionMs }),
    }),
  );

  const guarded = { preValidation: requireMobile };

  /**
   * The app's password change (our design, docs/API.md "Mobile API"): the body of
   * manageuserproperties UPDATE-PASSWORD ({case, oldpass, newpass, confirmpass}); required after a
   * temporary password, when every other call but an alarm answers 403 errors.passwordChangeRequired.
   */
  app.post(
    '/api/mobile/changepassword',
    { ...guarded, schema: { body: ZUpdatePasswordRequest, response: responsesOf(ZManageUserPropertiesBody) } },
    async (req) => {
      const msgKey = await updateOwnProfile(app.db, authOf(req).userId, req.ip, req.body);
      return { success: true, body: { msg: translate(requestLanguage(req), msgKey) } };
    },
  );
  /** The branch action, then the list that comes with it (task-lists: the opening, closing or servicing list, `checklist` answered). */
  app.post(
    '/api/mobile/branchaction',
    { ...guarded, schema: { body: ZBranchActionRequest, response: responsesOf(ZMobileBranchactionBody) } },
    async (req) => {
      const auth = authOf(req);
      const done = await branchAction(app, auth, req.body, 'mobile');
      return { success: true, body: { ...done, Task: await startWithBranchAction(app, auth, req.body, done.NotificationId) } };
    },
  );
  // A panic is never lost to its text: NUL and lone surrogates are cleaned, not refused (plugins/input.ts).
  app.post(
    '/api/mobile/alarm',
    { ...guarded, config: { cleanText: true }, schema: { body: ZAlarmRequest, response: responsesOf(ZMobileAlarmBody) } },
    async (req) => ({
      success: true,
      body: await raiseAlarm(app, authOf(req), req.body),
    }),
  );
  app.post(
    '/api/mobile/checkin',
    { ...guarded, schema: { body: ZCheckInRequest, response: responsesOf(ZMobileCheckinBody) } },
    async (req) => ({
      success: true,
      body: await checkIn(app, authOf(req), req.body),
    }),
  );
  app.post(
    '/api/mobile/checkout',
    { ...guarded, schema: { body: ZCheckOutRequest, response: responsesOf(ZMobileCheckoutBody) } },
    async (req) => ({
      success: true,
      body: await checkOut(app, authOf(req), req.body),
    }),
  );
  app.post(
    '/api/mobile/timer/start',
    { ...guarded, schema: { body: ZTimerStartRequest, response: responsesOf(ZMobileTimerStartBody) } },
    async (req) => ({
      success: true,
      body: await startTimer(app, authOf(req), req.body),
    }),
  );
  app.post(
    '/api/mobile/timer/ping',
    { ...guarded, schema: { body: ZTimerPingRequest, response: responsesOf(ZMobileTimerPingBody) } },
    async (req) => ({
      success: true,
      body: await pingTimer(app, authOf(req), req.body),
    }),
  );
  app.post(
    '/api/mobile/timer/stop',
    { ...guarded, schema: { body: ZTimerStopRequest, response: responsesOf(ZMobileTimerStopBody) } },
    async (req) => ({
      success: true,
      body: await stopTimer(app, authOf(req), req.body),
    }),
  );
  /** VaultTrak: a vault opened or closed at a branch, confirmed by PIN (vault-access.service.ts). */
  app.post(
    '/api/mobile/vaultaccess',
    { ...guarded, schema: { body: ZVaultAccessRequest, response: responsesOf(ZMobileVaultaccessBody) } },
    async (req) => ({
      success: true,
      body: await recordVaultAccess(app, authOf(req), req.body),
    }),
  );
}
