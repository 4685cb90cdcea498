/**
 * POST /api/client/getofficesv2 case GET-ALL-BRANCH-OFFICES (spec §7 Offices; the dashboard board
 * and the /branches list): filters, search, paging, and `format: 'csv'` streaming every match.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { formatPhoneInternational, ZGetOfficesV2Request, type Envelope, type GetOfficesV2Body } from '@vigil/contract';
import { requireClient } from '../../plugins/session.js';
import { assertOrganizationInScope } from '../../plugins/authorization.js';
import { csvPage, sendCsv } from '../../lib/csv.js';
import type { NameKey } from '../../lib/list-query.js';
import { listBranches } from './branches.repository.js';
import { presentBranch } from './branches.presenter.js';

/** Column header of the branch CSV export. */
export const BRANCH_CSV_HEADER = [
  'Id',
  'Name',
  'Code',
  'Type',
  'Organization',
  'Region',
  'Address',
  'City',
  'State',
  'ZipCode',
  'Country',
  'PhoneNumber',
  'Email',
  'Latitude',
  'Longitude',
  'TimeZone',
  'Status',
  'TestMode',
  'SecurityOffice',
  'GeofenceRadius',
];

export async function branchesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post('/api/client/getofficesv2', { preValidation: requireClient, schema: { body: ZGetOfficesV2Request } }, async (req, reply) => {
    const auth = req.auth!;
    const f = req.body;
    if (f.organizationId) await assertOrganizationInScope(app.db, auth, f.organizationId);
    if (f.format === 'csv') {
      return sendCsv(reply, 'branches.csv', BRANCH_CSV_HEADER, async (after: NameKey | null, limit) => {
        const { rows } = await listBranches(app.db, auth, { ...f, offset: 0, limit, after, count: false });
        return csvPage(
          rows,
          (r) => {
            const b = presentBranch(r);
            return [
              b.BranchOfficeId,
              b.Name,
              b.Code,
              b.BranchOfficeTypeDisplay,
              b.OrganizationName,
              b.RegionalOfficeName,
              b.Address,
              b.City,
              b.State,
              b.ZipCode,
              b.Country,
              formatPhoneInternational(b.PhoneNumber),
              b.Email,
              b.Latitude,
              b.Longitude,
              b.BranchTimeZone,
              b.Status,
              b.TestMode,
              b.SecurityOfficeName,
              b.GeofenceRadius,
            ];
          },
          (r) => ({ name: r.b.name, id: r.b.id }),
        );
      });
    }
    const { rows, total } = await listBranches(app.db, auth, f);
    const out: Envelope<GetOfficesV2Body> = { success: true, body: { organizationobject: rows.map(presentBranch), total } };
    return out;
  });
}
