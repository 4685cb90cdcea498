/**
 * VaultTrak producer: `POST /api/mobile/vaultaccess {branchOfficeId, vaultName, action, pin,
 * latitude?, longitude?}` (docs/API.md Mobile API). A vault opened or closed at a branch the user
 * works at, confirmed by PIN; the panic (duress) code performs it the same way and also raises the
 * silent Duress notification, as every PIN-confirmed mobile action does. The access is a
 * VAULT_ACCESS event of the log (written through withEvents), read by the log-access report.
 */
import type { FastifyInstance } from 'fastify';
import { EventKind, type VaultAccessRequest } from '@vigil/contract';
import type { AuthContext } from '../../plugins/session.js';
import { checkPin } from '../auth/pin.service.js';
import { branchEventBase, duressEvent } from '../branches/branch-mode.service.js';
import { branchInScope } from '../branches/branches.repository.js';
import { withEvents } from '../realtime/event-log.js';

/**
 * Records a vault access. @throws 404 outside the user's branches, 400 errors.invalidPin.
 * @returns `{NotificationId, BranchOfficeId, VaultName, Action, At}` (At UTC ISO).
 */
export async function recordVaultAccess(app: FastifyInstance, auth: AuthContext, input: VaultAccessRequest) {
  const b = await branchInScope(app.db, auth, input.branchOfficeId);
  const mode = await checkPin(app, auth.userId, input.pin);
  const at = new Date();
  const { result } = await withEvents(app, async (_tx, emit) => {
    const [id] = await emit([
      {
        ...branchEventBase(b, auth, at),
        latitude: input.latitude ?? null,
        longitude: input.longitude ?? null,
        kind: EventKind.VaultAccess,
        branchAction: input.action === 'OPEN' ? 'Vault Open' : 'Vault Close',
        payload: { vaultName: input.vaultName, action: input.action },
      },
    ]);
    if (mode === 'duress') await emit([duressEvent(b, auth, at, `Vault ${input.action}`, input)]);
    return { NotificationId: id!, BranchOfficeId: b.id, VaultName: input.vaultName, Action: input.action, At: at.toISOString() };
  });
  return result;
}
