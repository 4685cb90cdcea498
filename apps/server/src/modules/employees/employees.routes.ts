/**
 * POST /api/client/getbranchemployees {param_branchid} → body.userobject (spec §7 Offices and
 * organisations): the people who work at a branch (WorksIn the branch or its region), for a
 * branch in the caller's scope. 404 for a branch outside it.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { roleById, statusLabel } from '@vigil/contract';
import { rows } from '../../db/client.js';
import { branchOffices } from '../../db/schema/index.js';
import { branchScope } from '../../plugins/authorization.js';
import { notFound } from '../../plugins/errors.js';
import { requireClient } from '../../plugins/session.js';

const ZGetBranchEmployeesRequest = z.object({ param_branchid: z.coerce.number().int().positive() });

export async function employeesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/api/client/getbranchemployees',
    { preValidation: requireClient, schema: { body: ZGetBranchEmployeesRequest } },
    async (req) => {
      const [b] = await app.db
        .select({ id: branchOffices.id, regionalOfficeId: branchOffices.regionalOfficeId })
        .from(branchOffices)
        .where(and(eq(branchOffices.id, req.body.param_branchid), branchScope(req.auth!)))
        .limit(1);
      if (!b) throw notFound();
      const list = await rows<{
        UserId: number;
        Name: string;
        Surname: string;
        Email: string;
        PhoneNumber: string | null;
        RoleId: number;
        StatusId: number;
      }>(
        app.db,
        sql`select distinct u.id as "UserId", u.name as "Name", u.surname as "Surname", u.email as "Email", u.phone_number as "PhoneNumber",
            u.role_id as "RoleId", u.status_id as "StatusId"
          from users u join works_in w on w.user_id = u.id
          where w.branch_office_id = ${b.id} or (${b.regionalOfficeId}::int is not null and w.regional_office_id = ${b.regionalOfficeId})
          order by "Surname", "Name"`,
      );
      return {
        success: true,
        body: {
          userobject: list.map((u) => ({
            ...u,
            RoleNameDisplay: roleById(u.RoleId)?.RoleNameDisplay ?? String(u.RoleId),
            Status: statusLabel(u.StatusId),
          })),
        },
      };
    },
  );
}
