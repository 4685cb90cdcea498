/**
 * GET /api/client/getnotificationsv2 (spec §7: all, by id, trouble/alarm, panic, not-done
 * anomalies, emergency) and POST /api/client/getnotifications (details by id, mark all read,
 * mark by taskid, the ENS list and detail, and the activity report GET-ALL-REPORTS). The ENS cases
 * are the ens module's: app.ts passes its handler in as `ens`.
 *
 * GET-ALL-REPORTS is the reports module's (reports/activities.ts, which builds on this module's
 * presenter): app.ts passes its handler in as `activityReport`, so this module never imports the
 * reports module and the dependency points one way (reports → notifications).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZGetNotificationsRequest,
  ZGetNotificationsV2Query,
  type ActivityReportRequest,
  type ZEnsDetailRequest,
  type ZEnsListRequest,
  responsesOf,
  ZGetnotificationsv2Body,
  ZGetnotificationsBody,
  type ActivityReportPage,
  type Answer,
  type EnsNotificationsBody,
} from '@vigil/contract';
import type { z } from 'zod';
import { authOf, requireClient, type AuthContext } from '../../plugins/session.js';
import { notFound } from '../../plugins/errors.js';
import { listNotifications, markAllRead, markRead, notificationDetailExtras } from './notifications.repository.js';

/** Serves getnotifications GET-ALL-REPORTS: a JSON page, or the reply sending the file (reports.service.ts serveActivityReport). */
export type ActivityReportHandler = (
  app: FastifyInstance,
  req: FastifyRequest,
  reply: FastifyReply,
  input: ActivityReportRequest,
) => Promise<Answer<ActivityReportPage> | FastifyReply>;

/** Serves getnotifications GET-ENS-NOTIFICATIONS and GET-ENS-NOTIFICATION-DETAILS (ens module): the `body`. */
type EnsListRequest = z.infer<typeof ZEnsListRequest>;
type EnsDetailRequest = z.infer<typeof ZEnsDetailRequest>;
export type EnsCaseHandler = (
  app: FastifyInstance,
  auth: AuthContext,
  input: EnsListRequest | EnsDetailRequest,
) => Promise<EnsNotificationsBody>;

export interface NotificationsRoutesOptions {
  activityReport: ActivityReportHandler;
  ens: EnsCaseHandler;
}

export async function notificationsRoutes(fastify: FastifyInstance, opts: NotificationsRoutesOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/client/getnotificationsv2',
    { preValidation: requireClient, schema: { querystring: ZGetNotificationsV2Query, response: responsesOf(ZGetnotificationsv2Body) } },
    async (req) => {
      const list = await listNotifications(app.db, authOf(req), req.query);
      if (req.query.id && list.length === 0) throw notFound();
      return { success: true, body: { notificationobject: list } };
    },
  );

  app.post(
    '/api/client/getnotifications',
    { preValidation: requireClient, schema: { body: ZGetNotificationsRequest, response: responsesOf(ZGetnotificationsBody) } },
    async (req, reply) => {
      const auth = authOf(req);
      const input = req.body;
      switch (input.case) {
        case 'GET-REPORT-DETAILS-BY-NOTIFICATION-ID': {
          const [one] = await listNotifications(app.db, auth, {
            type: 'all',
            id: input.taskid,
            withBranchActions: true,
            offset: 0,
            limit: 1,
          });
          if (!one) throw notFound();
          // Report detail extras (spec §3 Activity notification detail): packet, message, notified users, …
          const extras = await notificationDetailExtras(app.db, auth, input.taskid);
          return { success: true, body: { notificationobject: { ...one, ...(extras ?? {}) } } };
        }
        case 'MARK-AS-READ-BY-TASKID':
          if (!(await markRead(app.db, auth, input.taskid))) throw notFound();
          return { success: true, body: { taskid: input.taskid } };
        case 'MARK-ALL-AS-READ':
          return { success: true, body: { upToNotificationId: await markAllRead(app.db, auth) } };
        case 'GET-ENS-NOTIFICATIONS':
        case 'GET-ENS-NOTIFICATION-DETAILS':
          return { success: true, body: await opts.ens(app, auth, input) };
        case 'GET-ALL-REPORTS':
          return opts.activityReport(app, req, reply, input);
      }
    },
  );
}
