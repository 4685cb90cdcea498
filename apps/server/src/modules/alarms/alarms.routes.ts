/**
 * POST /api/client/managealarms (spec §7): case ACKNOWLEDGE (first acknowledgement wins, shown on
 * every console) and ADD-NOTE, for alarms of branches in the caller's scope. The console's branch
 * mode (setbranchmode) is the branches module's.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZManageAlarmsRequest } from '@vigil/contract';
import { authOf, requireClient } from '../../plugins/session.js';
import { acknowledgeAlarm, addAlarmNote } from './alarms.service.js';

export async function alarmsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post('/api/client/managealarms', { preValidation: requireClient, schema: { body: ZManageAlarmsRequest } }, async (req) => {
    const a = { auth: authOf(req), ip: req.ip };
    const input = req.body;
    const body =
      input.case === 'ACKNOWLEDGE'
        ? await acknowledgeAlarm(app, a, input.notificationId)
        : await addAlarmNote(app, a, input.notificationId, input.note);
    return { success: true, body };
  });
}
