/** POST /api/client/getofficesv2 case GET-ALL-BRANCH-OFFICES (spec §7 Offices; the dashboard board). */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZGetOfficesV2Request, type Envelope, type GetOfficesV2Body } from '@vigil/contract';
import { requireClient } from '../../plugins/session.js';
import { assertOrganizationInScope } from '../organizations/organizations.repository.js';
import { listBranches } from './branches.repository.js';
import { presentBranch } from './branches.presenter.js';

export async function branchesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post('/api/client/getofficesv2', { preValidation: requireClient, schema: { body: ZGetOfficesV2Request } }, async (req): Promise<Envelope<GetOfficesV2Body>> => {
    const auth = req.auth!;
    const f = req.body;
    if (f.organizationId) await assertOrganizationInScope(app.db, auth, f.organizationId);
    const { rows, total } = await listBranches(app.db, auth, f);
    return { success: true, body: { organizationobject: rows.map(presentBranch), total } };
  });
}
