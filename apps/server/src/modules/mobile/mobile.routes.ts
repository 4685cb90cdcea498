/**
 * Mobile API routes (docs/API.md "Mobile API"): /api/mobile/login, branchaction, alarm,
 * checkin, checkout, timer/start, timer/ping, timer/stop. Bearer-token sessions of mobile roles.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq, sql } from 'drizzle-orm';
import {
  ErrorCode,
  ZAlarmRequest,
  ZBranchActionRequest,
  ZCheckInRequest,
  ZCheckOutRequest,
  ZMobileLoginRequest,
  ZTimerPingRequest,
  ZTimerStartRequest,
  ZTimerStopRequest,
  roleById,
} from '@vigil/contract';
import { rows } from '../../db/client.js';
import { branchOffices, users } from '../../db/schema/index.js';
import { branchScope } from '../../plugins/authorization.js';
import { badRequest, forbidden, unauthorized } from '../../plugins/errors.js';
import { newToken, hashToken } from '../../plugins/session.js';
import { sessions } from '../../db/schema/index.js';
import { verifySecret } from '../auth/passwords.js';
import { writeAudit } from '../audit/audit.service.js';
import { punctualityOf } from './punctuality.js';
import { branchAction, checkIn, checkOut, pingTimer, raiseAlarm, startTimer, stopTimer } from './mobile.service.js';

/** preValidation: a mobile session (bearer token) is required. */
async function requireMobile(req: FastifyRequest) {
  if (!req.auth || req.auth.isAdmin || req.auth.sessionType !== 'MOBILE') throw unauthorized();
}

export async function mobileRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const limit = { rateLimit: { max: app.config.loginRateMax, timeWindow: app.config.loginRateWindowMs } };

  /** Password sign-in for mobile roles (spec §6: 6, 7, 9, 10, 11, 13). Answers a bearer token and the branches the user may act on. */
  app.post(
    '/api/mobile/login',
    {
      schema: { body: ZMobileLoginRequest },
      config: {
        rateLimit: {
          ...limit.rateLimit,
          keyGenerator: (req) => `mlogin|${req.ip}|${String((req.body as { username?: string })?.username ?? '').toLowerCase()}`,
        },
      },
    },
    async (req) => {
      const [u] = await app.db
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = ${req.body.username.toLowerCase()}`)
        .limit(1);
      const ok = await verifySecret(u?.passwordHash, req.body.password);
      if (!u || !ok || u.statusId !== 1) throw badRequest(ErrorCode.InvalidCredentials);
      if (!roleById(u.roleId)?.mobileLogin) throw forbidden(ErrorCode.MobileLoginNotAllowed, { product: app.config.productName });
      const token = newToken();
      await app.db.insert(sessions).values({
        tokenHash: hashToken(token),
        userId: u.id,
        sessionType: 'MOBILE',
        isAdmin: false,
        ip: req.ip,
        userAgent: req.headers['user-agent']?.slice(0, 300) ?? null,
        expiresAt: new Date(Date.now() + 30 * 24 * 3600_000),
      });
      await app.db
        .update(users)
        .set({ lastLogin: new Date(), appVersion: req.body.appVersion ?? u.appVersion })
        .where(eq(users.id, u.id));
      await writeAudit(app.db, {
        actorUserId: u.id,
        action: 'login',
        entity: 'users',
        entityId: u.id,
        ip: req.ip,
        after: { area: 'mobile' },
      });
      const auth = { userId: u.id, roleId: u.roleId, organizationId: u.organizationId } as Parameters<typeof branchScope>[0];
      const branches = await rows<{
        BranchOfficeId: number;
        Name: string;
        Code: string;
        Latitude: number | null;
        Longitude: number | null;
        GeofenceRadius: number;
        BranchTimeZone: string;
      }>(
        app.db,
        sql`select id as "BranchOfficeId", name as "Name", code as "Code", latitude as "Latitude", longitude as "Longitude", geofence_radius as "GeofenceRadius", time_zone as "BranchTimeZone"
          from ${branchOffices} where ${branchScope(auth)} order by name`,
      );
      return {
        success: true,
        body: {
          Token: token,
          UserId: u.id,
          RoleId: u.roleId,
          Name: u.name,
          Surname: u.surname,
          LangId: u.langId,
          GeofenceValidation: u.geofenceValidation,
          Branches: branches,
        },
      };
    },
  );

  const guarded = { preValidation: requireMobile };
  app.post('/api/mobile/branchaction', { ...guarded, schema: { body: ZBranchActionRequest } }, async (req) => ({
    success: true,
    body: await branchAction(app, req.auth!, req.body, { source: 'mobile', punctuality: punctualityOf(app.db) }),
  }));
  app.post('/api/mobile/alarm', { ...guarded, schema: { body: ZAlarmRequest } }, async (req) => ({
    success: true,
    body: await raiseAlarm(app, req.auth!, req.body),
  }));
  app.post('/api/mobile/checkin', { ...guarded, schema: { body: ZCheckInRequest } }, async (req) => ({
    success: true,
    body: await checkIn(app, req.auth!, req.body),
  }));
  app.post('/api/mobile/checkout', { ...guarded, schema: { body: ZCheckOutRequest } }, async (req) => ({
    success: true,
    body: await checkOut(app, req.auth!, req.body),
  }));
  app.post('/api/mobile/timer/start', { ...guarded, schema: { body: ZTimerStartRequest } }, async (req) => ({
    success: true,
    body: await startTimer(app, req.auth!, req.body),
  }));
  app.post('/api/mobile/timer/ping', { ...guarded, schema: { body: ZTimerPingRequest } }, async (req) => ({
    success: true,
    body: await pingTimer(app, req.auth!, req.body),
  }));
  app.post('/api/mobile/timer/stop', { ...guarded, schema: { body: ZTimerStopRequest } }, async (req) => ({
    success: true,
    body: await stopTimer(app, req.auth!, req.body),
  }));
}
