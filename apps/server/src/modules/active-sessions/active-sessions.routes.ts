/**
 * POST /api/client/getactivesessions (spec §7 getactivesessions; docs/API.md "Active sessions"):
 * GET-ACTIVE-SESSIONS lists, END-SESSION (organisation admins) ends one.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SessionKey, ZGetActiveSessionsRequest, responsesOf, ZGetactivesessionsBody } from '@vigil/contract';
import { translate } from '@vigil/i18n';
import { requestLanguage } from '../../plugins/errors.js';
import { authOf, requireClient } from '../../plugins/session.js';
import { endActiveSession, listActiveSessions } from './active-sessions.service.js';

export async function activeSessionsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/api/client/getactivesessions',
    { preValidation: requireClient, schema: { body: ZGetActiveSessionsRequest, response: responsesOf(ZGetactivesessionsBody) } },
    async (req) => {
      const auth = authOf(req);
      if (req.body.case === 'END-SESSION') {
        return {
          success: true,
          body: await endActiveSession(app, { auth, ip: req.ip }, req.body.SessionId),
          description: translate(requestLanguage(req), SessionKey.Ended),
        };
      }
      return { success: true, body: { sessions: await listActiveSessions(app, auth) } };
    },
  );
}
