/**
 * Notification settings calls (spec §7; docs/API.md "Notification settings"), every one on the
 * caller's own settings, answering `{ NotificationSettings }`: POST /api/client/updateDndNotifications,
 * /api/client/updatenotificationsettingsweb, /api/client/updatenotificationsallowed.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AlertingKey,
  ZNotificationSettingsWebRequest,
  ZNotificationsAllowedRequest,
  ZUpdateDndRequest,
  responsesOf,
  ZUpdateDndNotificationsBody,
  ZUpdatenotificationsallowedBody,
} from '@vigil/contract';
import { translate } from '@vigil/i18n';
import { requestLanguage } from '../../plugins/errors.js';
import { authOf, requireClient } from '../../plugins/session.js';
import { getSettings, saveAllowed, saveDnd, saveWebSettings } from './notification-settings.service.js';

export async function notificationSettingsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const guard = { preValidation: requireClient };
  app.post(
    '/api/client/updateDndNotifications',
    { ...guard, schema: { body: ZUpdateDndRequest, response: responsesOf(ZUpdateDndNotificationsBody) } },
    async (req) => ({
      success: true,
      body: { NotificationSettings: await saveDnd(app, { auth: authOf(req), ip: req.ip }, req.body.settingsObject) },
      description: translate(requestLanguage(req), AlertingKey.Saved),
    }),
  );
  app.post(
    '/api/client/updatenotificationsettingsweb',
    { ...guard, schema: { body: ZNotificationSettingsWebRequest, response: responsesOf(ZUpdateDndNotificationsBody) } },
    async (req) => {
      const a = { auth: authOf(req), ip: req.ip };
      if (req.body.case === 'GET-NOTIFICATION-SETTINGS-WEB')
        return { success: true, body: { NotificationSettings: await getSettings(app, a.auth) } };
      return {
        success: true,
        body: { NotificationSettings: await saveWebSettings(app, a, req.body.settingsObject) },
        description: translate(requestLanguage(req), AlertingKey.Saved),
      };
    },
  );
  app.post(
    '/api/client/updatenotificationsallowed',
    { ...guard, schema: { body: ZNotificationsAllowedRequest, response: responsesOf(ZUpdatenotificationsallowedBody) } },
    async (req) => {
      const a = { auth: authOf(req), ip: req.ip };
      switch (req.body.case) {
        case 'GET-SETTINGS':
          return { success: true, body: { NotificationSettings: await getSettings(app, a.auth) } };
        case 'GET-ALLOWED':
          return { success: true, body: { AllowedNotifications: (await getSettings(app, a.auth)).Allowed } };
        case 'UPDATE-ALLOWED':
          return {
            success: true,
            body: { NotificationSettings: await saveAllowed(app, a, req.body.allowed) },
            description: translate(requestLanguage(req), AlertingKey.Saved),
          };
      }
    },
  );
}
