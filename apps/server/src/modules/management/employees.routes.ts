/**
 * Client employee reads (spec §7 Employees and profile): getallemployees (GET-ALL-EMPLOYEES with
 * filters, search, server-side paging and CSV) and getemployee (GET-EMPLOYEE-BY-ID), under the
 * caller's scope; an employee outside it answers 404.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZGetAllEmployeesRequest, ZGetEmployeeRequest } from '@vigil/contract';
import { notFound } from '../../plugins/errors.js';
import { requireClient } from '../../plugins/session.js';
import { assertOrganizationInScope } from '../organizations/organizations.repository.js';
import { sendCsv } from './common.js';
import { EMPLOYEE_CSV_HEADER, employeeCsvRow, listEmployees } from './employees.repository.js';

export async function employeeListRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post('/api/client/getallemployees', { preValidation: requireClient, schema: { body: ZGetAllEmployeesRequest } }, async (req, reply) => {
    const auth = req.auth!;
    const d = req.body;
    if (d.organizationId) await assertOrganizationInScope(app.db, auth, d.organizationId);
    if (d.format === 'csv') {
      return sendCsv(reply, 'employees.csv', EMPLOYEE_CSV_HEADER, async (offset, limit) => (await listEmployees(app.db, auth, { ...d, offset, limit })).rows.map(employeeCsvRow));
    }
    const page = await listEmployees(app.db, auth, d);
    return { success: true, body: { personobject: page.rows, total: page.total } };
  });

  app.post('/api/client/getemployee', { preValidation: requireClient, schema: { body: ZGetEmployeeRequest } }, async (req) => {
    const page = await listEmployees(app.db, req.auth!, { employeeId: req.body.employeeId, offset: 0, limit: 1 });
    const person = page.rows[0];
    if (!person) throw notFound();
    return { success: true, body: { personobject: person } };
  });
}
