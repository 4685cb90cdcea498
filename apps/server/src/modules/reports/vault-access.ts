/**
 * VaultTrak producer: `POST /api/mobile/vaultaccess {branchOfficeId, vaultName, action, pin,
 * latitude?, longitude?}` (docs/API.md Mobile API). A vault opened or closed at a branch the user
 * works at, confirmed by PIN; the panic (duress) code performs it the same way and also raises the
 * silent Duress notification, as every PIN-confirmed mobile action does. The access is a
 * VAULT_ACCESS event of the log (written through withEvents), read by the log-access report.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ALARM_TYPES, ZVaultAccessRequest, type VaultAccessRequest } from '@vigil/contract';
import { EventKind } from '../../db/schema/index.js';
import { unauthorized } from '../../plugins/errors.js';
import type { AuthContext } from '../../plugins/session.js';
import { withEvents } from '../realtime/event-log.js';
import { branchForUser, checkPin } from '../mobile/mobile.service.js';

/** Records a vault access; answers `{NotificationId, BranchOfficeId, VaultName, Action, At}` (At UTC ISO). 404 outside the user's branches, 400 errors.invalidPin. */
export async function recordVaultAccess(app: FastifyInstance, auth: AuthContext, input: VaultAccessRequest) {
  const b = await branchForUser(app.db, auth, input.branchOfficeId);
  const mode = await checkPin(app.db, auth.userId, input.pin);
  const at = new Date();
  const base = {
    organizationId: b.organizationId,
    regionalOfficeId: b.regionalOfficeId,
    branchOfficeId: b.id,
    userId: auth.userId,
    occurredAt: at,
    isTestNotification: b.testMode,
    latitude: input.latitude ?? null,
    longitude: input.longitude ?? null,
  };
  const { result } = await withEvents(app, async (_tx, emit) => {
    const [id] = await emit([
      {
        ...base,
        kind: EventKind.VaultAccess,
        branchAction: input.action === 'OPEN' ? 'Vault Open' : 'Vault Close',
        payload: { vaultName: input.vaultName, action: input.action },
      },
    ]);
    if (mode === 'duress') {
      await emit([
        {
          ...base,
          kind: EventKind.Notification,
          branchAction: ALARM_TYPES.DURESS.branchAction,
          notificationType: ALARM_TYPES.DURESS.notificationType,
          securityAlert: true,
          payload: { silent: true, during: `Vault ${input.action}` },
        },
      ]);
    }
    return { NotificationId: id!, BranchOfficeId: b.id, VaultName: input.vaultName, Action: input.action, At: at.toISOString() };
  });
  return result;
}

async function requireMobile(req: FastifyRequest) {
  if (!req.auth || req.auth.isAdmin || req.auth.sessionType !== 'MOBILE') throw unauthorized();
}

/** Registers POST /api/mobile/vaultaccess. */
export async function vaultAccessRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post('/api/mobile/vaultaccess', { preValidation: requireMobile, schema: { body: ZVaultAccessRequest } }, async (req) => ({
    success: true,
    body: await recordVaultAccess(app, req.auth!, req.body),
  }));
}
