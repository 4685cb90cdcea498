/** POST /api/client/getorganizations: organisations in the caller's scope (spec §7 Client getorganizations; the dealer card). */
import type { FastifyInstance } from 'fastify';
import type { Envelope, OrganizationSummary } from '@vigil/contract';
import { requireClient } from '../../plugins/session.js';
import { listOrganizations } from './organizations.repository.js';

export async function organizationsRoutes(app: FastifyInstance) {
  app.post(
    '/api/client/getorganizations',
    { preValidation: requireClient },
    async (req): Promise<Envelope<{ organizationobject: OrganizationSummary[] }>> => {
      return { success: true, body: { organizationobject: await listOrganizations(app.db, req.auth!) } };
    },
  );
}
