/**
 * POST /api/client/managealarms (spec §7): case ACKNOWLEDGE (first acknowledgement wins, shown on
 * every console; panic, duress and emergency need a disposition and a note) and ADD-NOTE, for
 * alarms of branches in the caller's scope; GET-/UPDATE-DISPOSITIONS, an organisation's list.
 * POST /api/client/getalarmincident (ours, issue 13): the incident view of one alarm, or its
 * timeline as CSV or PDF. The console's branch mode (setbranchmode) is the branches module's.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZAlarmIncidentRequest, ZManageAlarmsRequest, responsesOf, ZManagealarmsBody, ZAlarmIncident } from '@vigil/contract';
import { authOf, requireClient } from '../../plugins/session.js';
import { acknowledgeAlarm, addAlarmNote, getDispositions, updateDispositions } from './alarms.service.js';
import { getAlarmIncident } from './incident.service.js';
import { sendIncidentCsv, sendIncidentPdf } from './incident.export.js';

export async function alarmsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/client/managealarms',
    { preValidation: requireClient, schema: { body: ZManageAlarmsRequest, response: responsesOf(ZManagealarmsBody) } },
    async (req) => {
      const a = { auth: authOf(req), ip: req.ip };
      const input = req.body;
      switch (input.case) {
        case 'ACKNOWLEDGE':
          return { success: true, body: await acknowledgeAlarm(app, a, input.notificationId, input) };
        case 'ADD-NOTE':
          return { success: true, body: await addAlarmNote(app, a, input.notificationId, input.note) };
        case 'GET-DISPOSITIONS':
          return { success: true, body: await getDispositions(app, a, input.organizationId) };
        case 'UPDATE-DISPOSITIONS':
          return { success: true, body: await updateDispositions(app, a, input.organizationId, input.dispositions) };
      }
    },
  );

  app.post(
    '/api/client/getalarmincident',
    { preValidation: requireClient, schema: { body: ZAlarmIncidentRequest, response: responsesOf(ZAlarmIncident) } },
    async (req, reply) => {
      const incident = await getAlarmIncident(app, authOf(req), req.body.alarmId);
      if (req.body.format === 'csv') return sendIncidentCsv(req, reply, incident);
      if (req.body.format === 'pdf') return sendIncidentPdf(req, reply, incident);
      return { success: true, body: incident };
    },
  );
}
