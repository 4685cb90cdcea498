/**
 * Employee calls (spec §7 Employees and profile; Offices and organisations getbranchemployees):
 * getallemployees (filters, search, server-side paging and CSV), getemployee, getbranchemployees,
 * manageemployees (ADD-EMPLOYEE, UPDATE-EMPLOYEE, IMPORT-EMPLOYEES-PREVIEW, IMPORT-EMPLOYEES,
 * RESEND-ACTIVATION) and managerolestatus, under the caller's scope (an employee or branch outside
 * it answers 404); and the platform admin's twins under /api/admin/ (any organisation).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  ManagementKey,
  ZGetAllEmployeesRequest,
  ZGetBranchEmployeesRequest,
  ZGetEmployeeRequest,
  ZManageEmployeesRequest,
  ZManageRoleStatusRequest,
  type BranchEmployeeRow,
  responsesOf,
  ManageemployeesResponses,
  ZManagerolestatusBody,
  ZGetallemployeesBody,
  ZGetemployeeBody,
  ZGetbranchemployeesBody,
  type Answer,
} from '@vigil/contract';
import { translate } from '@vigil/i18n';
import { assertOrganizationInScope } from '../../plugins/authorization.js';
import { notFound, requestLanguage } from '../../plugins/errors.js';
import { authOf, requireAdmin, requireClient, type AuthContext } from '../../plugins/session.js';
import { sendCsv } from '../../lib/csv.js';
import { requestOrigin } from '../../lib/http.js';
import {
  branchForEmployees,
  EMPLOYEE_CSV_HEADER,
  employeeCsvPage,
  listBranchEmployees,
  listEmployees,
  type EmployeeKey,
} from './employees.repository.js';
import { changeRoleStatus, IMPORT_BODY_LIMIT, ImportRefused, manageEmployees } from './employees.service.js';

export async function employeesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  /** A page of the list, or with `format: 'csv'` every match as a file, under `auth`'s scope (null: the platform admin, everyone). */
  const listAnswer = async (reply: FastifyReply, auth: AuthContext | null, d: z.output<typeof ZGetAllEmployeesRequest>) => {
    if (d.format === 'csv') {
      return sendCsv(reply, 'employees.csv', EMPLOYEE_CSV_HEADER, (after: EmployeeKey | null, limit) =>
        employeeCsvPage(app.db, auth, d, after, limit),
      );
    }
    const page = await listEmployees(app.db, auth, d);
    return { success: true, body: { personobject: page.rows, total: page.total } };
  };

  /** manageemployees in either area; an unclean import answers 400 management.errors.importNotClean with the bad rows in body. */
  const manageAnswer = async (req: FastifyRequest, reply: FastifyReply, body: z.output<typeof ZManageEmployeesRequest>, admin: boolean) => {
    const lang = requestLanguage(req);
    try {
      return await manageEmployees(app, { auth: authOf(req), admin, origin: requestOrigin(req), ip: req.ip }, body, lang);
    } catch (err) {
      if (!(err instanceof ImportRefused)) throw err;
      return reply.status(400).send({
        success: false,
        code: ManagementKey.ImportNotClean,
        description: translate(lang, ManagementKey.ImportNotClean, { product: app.config.productName }),
        body: err.result,
      });
    }
  };

  /** managerolestatus in either area. */
  const roleStatusAnswer = async (req: FastifyRequest, body: z.output<typeof ZManageRoleStatusRequest>, admin: boolean) => {
    const person = await changeRoleStatus(app, { auth: authOf(req), admin, ip: req.ip }, body);
    return { success: true, description: translate(requestLanguage(req), ManagementKey.EmployeeSaved), body: { personobject: person } };
  };

  app.post(
    '/api/client/getallemployees',
    { preValidation: requireClient, schema: { body: ZGetAllEmployeesRequest, response: responsesOf(ZGetallemployeesBody) } },
    async (req, reply) => {
      const auth = authOf(req);
      if (req.body.organizationId) await assertOrganizationInScope(app.db, auth, req.body.organizationId);
      return listAnswer(reply, auth, req.body);
    },
  );

  app.post(
    '/api/client/getemployee',
    { preValidation: requireClient, schema: { body: ZGetEmployeeRequest, response: responsesOf(ZGetemployeeBody) } },
    async (req) => {
      const page = await listEmployees(app.db, authOf(req), { employeeId: req.body.employeeId, offset: 0, limit: 1, count: false });
      const person = page.rows[0];
      if (!person) throw notFound();
      return { success: true, body: { personobject: person } };
    },
  );

  /** The people working at a branch in scope or its region (404 for a branch outside the scope). */
  app.post(
    '/api/client/getbranchemployees',
    { preValidation: requireClient, schema: { body: ZGetBranchEmployeesRequest, response: responsesOf(ZGetbranchemployeesBody) } },
    async (req): Promise<Answer<{ userobject: BranchEmployeeRow[] }>> => {
      const branch = await branchForEmployees(app.db, authOf(req), req.body.param_branchid);
      if (!branch) throw notFound();
      return { success: true, body: { userobject: await listBranchEmployees(app.db, branch) } };
    },
  );

  app.post(
    '/api/client/manageemployees',
    {
      preValidation: requireClient,
      schema: { body: ZManageEmployeesRequest, response: ManageemployeesResponses },
      bodyLimit: IMPORT_BODY_LIMIT,
    },
    async (req, reply) => manageAnswer(req, reply, req.body, false),
  );

  /** Role and status of a user (spec §7 managerolestatus): roles 2/12 in their organisation. */
  app.post(
    '/api/client/managerolestatus',
    { preValidation: requireClient, schema: { body: ZManageRoleStatusRequest, response: responsesOf(ZManagerolestatusBody) } },
    async (req) => roleStatusAnswer(req, req.body, false),
  );

  app.post(
    '/api/admin/getallemployees',
    { preValidation: requireAdmin, schema: { body: ZGetAllEmployeesRequest, response: responsesOf(ZGetallemployeesBody) } },
    async (req, reply) => listAnswer(reply, null, req.body),
  );

  /** Platform admin: every case of manageemployees for any organisation. */
  app.post(
    '/api/admin/manageemployees',
    {
      preValidation: requireAdmin,
      schema: { body: ZManageEmployeesRequest, response: ManageemployeesResponses },
      bodyLimit: IMPORT_BODY_LIMIT,
    },
    async (req, reply) => manageAnswer(req, reply, req.body, true),
  );

  /** Platform admin: role and status of any organisation's user. */
  app.post(
    '/api/admin/managerolestatus',
    { preValidation: requireAdmin, schema: { body: ZManageRoleStatusRequest, response: responsesOf(ZManagerolestatusBody) } },
    async (req) => roleStatusAnswer(req, req.body, true),
  );
}
