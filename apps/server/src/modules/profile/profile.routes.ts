/**
 * POST /api/client/manageuserproperties (spec §7 Employees and profile; §5 Profile; §8 Profile):
 * UPDATE-PROFILE, UPDATE-PASSWORD, UPDATE-LANGUAGE of the signed-in user (profile.service.ts).
 * Answers `{status, success, body:{msg}, description}`.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZManageUserPropertiesRequest, ZManageUserPropertiesAnswer, ZErrorEnvelope } from '@vigil/contract';
import { translate } from '@vigil/i18n';
import { requestLanguage } from '../../plugins/errors.js';
import { authOf, requireClient } from '../../plugins/session.js';
import { updateOwnProfile } from './profile.service.js';

export async function profileRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/api/client/manageuserproperties',
    {
      preValidation: requireClient,
      schema: { body: ZManageUserPropertiesRequest, response: { 200: ZManageUserPropertiesAnswer, '4xx': ZErrorEnvelope } },
    },
    async (req) => {
      const msgKey = await updateOwnProfile(app.db, authOf(req).userId, req.ip, req.body);
      const msg = translate(requestLanguage(req), msgKey);
      return { status: 200, success: true, body: { msg }, description: msg };
    },
  );
}
