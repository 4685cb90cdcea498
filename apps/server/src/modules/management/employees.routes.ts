/**
 * Employee calls (spec §7 Employees and profile): getallemployees (GET-ALL-EMPLOYEES with
 * filters, search, server-side paging and CSV) and getemployee (GET-EMPLOYEE-BY-ID), under the
 * caller's scope (an employee outside it answers 404); the writes of manageemployees (ADD-EMPLOYEE,
 * UPDATE-EMPLOYEE, IMPORT-EMPLOYEES-PREVIEW, IMPORT-EMPLOYEES; the client route is the account
 * module's, which also serves RESEND-ACTIVATION), managerolestatus, and the admin twins
 * /api/admin/manageemployees and /api/admin/managerolestatus (role 1, any organisation).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  AccountKey,
  ManagementKey,
  ZGetAllEmployeesRequest,
  ZGetEmployeeRequest,
  ZManageEmployeesRequest,
  ZManageRoleStatusRequest,
  type Envelope,
} from '@vigil/contract';
import { translate } from '@vigil/i18n';
import { notFound, requestLanguage } from '../../plugins/errors.js';
import { requireAdmin, requireClient } from '../../plugins/session.js';
import { requestOrigin } from '../../lib/http.js';
import {
  addEmployee,
  changeRoleStatus,
  ImportRefused,
  importEmployees,
  previewImport,
  resendActivationAdmin,
  updateEmployee,
  type Actor,
} from './employees.service.js';
import { assertOrganizationInScope } from '../../plugins/authorization.js';
import { sendCsv } from '../../lib/csv.js';
import { EMPLOYEE_CSV_HEADER, employeeCsvPage, listEmployees, type EmployeeKey } from './employees.repository.js';

/** Body limit of the manageemployees calls (the CSV import travels in the JSON body). */
export const IMPORT_BODY_LIMIT = 12 * 1024 * 1024;

/**
 * The write cases of manageemployees for the client (admin false) or admin route. The import
 * refusal answers 400 management.errors.importNotClean with the bad rows in body.
 */
export async function manageEmployees(
  app: FastifyInstance,
  req: FastifyRequest,
  reply: FastifyReply,
  body: z.output<typeof ZManageEmployeesRequest>,
  admin: boolean,
): Promise<Envelope<unknown>> {
  const lang = requestLanguage(req);
  const a: Actor = { auth: req.auth!, admin, origin: requestOrigin(req), ip: req.ip };
  const text = (key: string, vars: Record<string, string | number> = {}) =>
    translate(lang, key, { product: app.config.productName, ...vars });
  switch (body.case) {
    case 'ADD-EMPLOYEE':
      return { success: true, description: text(ManagementKey.EmployeeSaved), body: { personobject: await addEmployee(app, a, body) } };
    case 'UPDATE-EMPLOYEE':
      return { success: true, description: text(ManagementKey.EmployeeSaved), body: { personobject: await updateEmployee(app, a, body) } };
    case 'IMPORT-EMPLOYEES-PREVIEW':
      return { success: true, body: await previewImport(app, a, body, lang) };
    case 'IMPORT-EMPLOYEES':
      try {
        const result = await importEmployees(app, a, body, lang);
        return { success: true, description: text(ManagementKey.EmployeesImported, { count: result.imported }), body: result };
      } catch (err) {
        if (!(err instanceof ImportRefused)) throw err;
        return reply.status(400).send({
          success: false,
          code: ManagementKey.ImportNotClean,
          description: text(ManagementKey.ImportNotClean),
          body: err.result,
        }) as never;
      }
    case 'RESEND-ACTIVATION':
      await resendActivationAdmin(app, a, body.employeeId);
      return { success: true, description: text(AccountKey.ActivationSent) };
  }
}

export async function employeeListRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/client/getallemployees',
    { preValidation: requireClient, schema: { body: ZGetAllEmployeesRequest } },
    async (req, reply) => {
      const auth = req.auth!;
      const d = req.body;
      if (d.organizationId) await assertOrganizationInScope(app.db, auth, d.organizationId);
      if (d.format === 'csv') {
        return sendCsv(reply, 'employees.csv', EMPLOYEE_CSV_HEADER, (after: EmployeeKey | null, limit) =>
          employeeCsvPage(app.db, auth, d, after, limit),
        );
      }
      const page = await listEmployees(app.db, auth, d);
      return { success: true, body: { personobject: page.rows, total: page.total } };
    },
  );

  app.post('/api/client/getemployee', { preValidation: requireClient, schema: { body: ZGetEmployeeRequest } }, async (req) => {
    const page = await listEmployees(app.db, req.auth!, { employeeId: req.body.employeeId, offset: 0, limit: 1, count: false });
    const person = page.rows[0];
    if (!person) throw notFound();
    return { success: true, body: { personobject: person } };
  });

  app.post('/api/admin/getallemployees', { preValidation: requireAdmin, schema: { body: ZGetAllEmployeesRequest } }, async (req, reply) => {
    const d = req.body;
    if (d.format === 'csv') {
      return sendCsv(reply, 'employees.csv', EMPLOYEE_CSV_HEADER, (after: EmployeeKey | null, limit) =>
        employeeCsvPage(app.db, null, d, after, limit),
      );
    }
    const page = await listEmployees(app.db, null, d);
    return { success: true, body: { personobject: page.rows, total: page.total } };
  });

  /** Role and status of a user (spec §7 managerolestatus): roles 2/12 in their organisation. */
  app.post(
    '/api/client/managerolestatus',
    { preValidation: requireClient, schema: { body: ZManageRoleStatusRequest } },
    async (req): Promise<Envelope<unknown>> => {
      const person = await changeRoleStatus(app, { auth: req.auth!, admin: false, ip: req.ip }, req.body);
      return { success: true, description: translate(requestLanguage(req), ManagementKey.EmployeeSaved), body: { personobject: person } };
    },
  );

  /** Platform admin: every case of manageemployees for any organisation. */
  app.post(
    '/api/admin/manageemployees',
    { preValidation: requireAdmin, schema: { body: ZManageEmployeesRequest }, bodyLimit: IMPORT_BODY_LIMIT },
    async (req, reply) => manageEmployees(app, req, reply, req.body, true),
  );

  /** Platform admin: role and status of any organisation's user. */
  app.post(
    '/api/admin/managerolestatus',
    { preValidation: requireAdmin, schema: { body: ZManageRoleStatusRequest } },
    async (req): Promise<Envelope<unknown>> => {
      const person = await changeRoleStatus(app, { auth: req.auth!, admin: true, ip: req.ip }, req.body);
      return { success: true, description: translate(requestLanguage(req), ManagementKey.EmployeeSaved), body: { personobject: person } };
    },
  );
}
