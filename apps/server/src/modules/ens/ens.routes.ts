/**
 * ENS routes (docs/API.md "ENS" and "Mobile: ENS"): POST /api/client/manageensmessagetemplates
 * (templates for a branch, template management for roles 2 and 12, NOTIFY-EMEGREGENCY), and the
 * mobile inbox GET /api/mobile/ens, POST /api/mobile/ens/read and /api/mobile/ens/reply. The ENS
 * list and detail cases of getnotifications are served by `ensNotificationsCase`, which app.ts
 * hands to the notifications routes.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  EnsKey,
  ZEnsReadRequest,
  ZEnsReplyRequest,
  ZManageEnsMessageTemplatesRequest,
  responsesOf,
  ZManageensmessagetemplatesBody,
  ZMobileEnsBody,
  ZMobileEnsReadBody,
  ZMobileEnsReplyBody,
} from '@vigil/contract';
import { translate } from '@vigil/i18n';
import { requestLanguage } from '../../plugins/errors.js';
import { authOf, requireClient, requireMobile } from '../../plugins/session.js';
import {
  addTemplate,
  allTemplates,
  deleteTemplate,
  mobileInbox,
  mobileRead,
  mobileReply,
  sendEmergency,
  templatesForBranch,
  updateTemplate,
} from './ens.service.js';

export async function ensRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/client/manageensmessagetemplates',
    {
      preValidation: requireClient,
      schema: { body: ZManageEnsMessageTemplatesRequest, response: responsesOf(ZManageensmessagetemplatesBody) },
    },
    async (req) => {
      const auth = authOf(req);
      const input = req.body;
      switch (input.case) {
        case 'GET-ENS-MESSAGE-TEMPLATES':
          return { success: true, body: { templates: await templatesForBranch(app, auth, input.branchId) } };
        case 'GET-ALL-ENS-MESSAGE-TEMPLATES':
          return { success: true, body: { templates: await allTemplates(app, auth, input.organizationId) } };
        case 'ADD-ENS-MESSAGE-TEMPLATE':
          return { success: true, body: { template: await addTemplate(app, auth, input) } };
        case 'UPDATE-ENS-MESSAGE-TEMPLATE':
          return { success: true, body: { template: await updateTemplate(app, auth, input) } };
        case 'DELETE-ENS-MESSAGE-TEMPLATE':
          return { success: true, body: await deleteTemplate(app, auth, input.MessageTemplateId) };
        case 'NOTIFY-EMEGREGENCY': {
          const result = await sendEmergency(app, auth, input);
          return {
            success: true,
            body: result,
            description: translate(requestLanguage(req), EnsKey.Sent, { count: result.Recipients, product: app.config.productName }),
          };
        }
      }
    },
  );

  const guarded = { preValidation: requireMobile };
  /** The signed-in mobile user's ENS messages, newest first (marks the app deliveries delivered). */
  app.get('/api/mobile/ens', { ...guarded, schema: { response: responsesOf(ZMobileEnsBody) } }, async (req) => ({
    success: true,
    body: { ensobject: await mobileInbox(app, authOf(req)) },
  }));
  app.post(
    '/api/mobile/ens/read',
    { ...guarded, schema: { body: ZEnsReadRequest, response: responsesOf(ZMobileEnsReadBody) } },
    async (req) => ({
      success: true,
      body: await mobileRead(app, authOf(req), req.body.ensId),
    }),
  );
  app.post(
    '/api/mobile/ens/reply',
    { ...guarded, schema: { body: ZEnsReplyRequest, response: responsesOf(ZMobileEnsReplyBody) } },
    async (req) => ({
      success: true,
      body: await mobileReply(app, authOf(req), req.body.ensId, req.body.reply),
    }),
  );
}
