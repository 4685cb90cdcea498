/**
 * Timers (ours; docs/API.md "Timers"): POST /api/client/gettimers, case GET-RUNNING-TIMERS — the
 * lone-worker timers running now in the caller's scope (any web console role; admin and mobile
 * sessions 401). The live changes come over /_socket (spec §7 START / CHECKINOUT / STOP-CHECKINOUT-PINGS).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZGetRunningTimersRequest, type GetRunningTimersBody, responsesOf, ZGetRunningTimersBody } from '@vigil/contract';
import { authOf, requireClient } from '../../plugins/session.js';
import { runningTimers } from './timers.service.js';

export async function timersRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/api/client/gettimers',
    { preValidation: requireClient, schema: { body: ZGetRunningTimersRequest, response: responsesOf(ZGetRunningTimersBody) } },
    async (req): Promise<{ success: true; body: GetRunningTimersBody }> => ({
      success: true,
      body: { timerobject: await runningTimers(app, authOf(req)) },
    }),
  );
}
