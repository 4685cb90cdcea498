/**
 * Task-list routes (spec §7 "Task lists, surveys, external users"; docs/API.md "Task lists" and
 * "Mobile: tasks"): managecltemplates, getbranchesbytasklistid, activatetask, dropactivetask and
 * gettasks for the console; the admin library at /api/admin/managecltemplates; the mobile task
 * calls (bearer sessions of mobile roles).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZActivateTaskRequest,
  ZAdminClTemplatesRequest,
  ZDropActiveTaskRequest,
  ZGetBranchesByTaskListIdRequest,
  ZManageClTemplatesRequest,
  ZMobileTaskItemRequest,
  ZMobileTaskRequest,
  ZMobileTaskStartRequest,
  ZMobileTasksRequest,
  responsesOf,
  ZManagecltemplatesBody,
  ZGetbranchesbytasklistidBody,
  ZActivatetaskBody,
  ZGettasksBody,
  ZMobileTasksAnswer,
  ZTask,
} from '@vigil/contract';
import { authOf, requireAdmin, requireClient, requireMobile } from '../../plugins/session.js';
import {
  activateTask,
  boardTasks,
  dropActiveTask,
  forceEndTask,
  mobileTasks,
  pauseTask,
  resumeTask,
  startTask,
  taskItemStep,
} from './tasks.service.js';
import { branchesByTaskList, manageLibrary, manageTemplates } from './templates.service.js';

export async function taskListsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const client = { preValidation: requireClient };
  const mobile = { preValidation: requireMobile };

  app.post(
    '/api/client/managecltemplates',
    { ...client, schema: { body: ZManageClTemplatesRequest, response: responsesOf(ZManagecltemplatesBody) } },
    async (req) => ({
      success: true,
      body: { templateobject: await manageTemplates(app.db, { auth: authOf(req), ip: req.ip }, req.body) },
    }),
  );
  app.post(
    '/api/client/getbranchesbytasklistid',
    { ...client, schema: { body: ZGetBranchesByTaskListIdRequest, response: responsesOf(ZGetbranchesbytasklistidBody) } },
    async (req) => ({
      success: true,
      body: { branchobject: await branchesByTaskList(app.db, authOf(req), req.body.taskListId) },
    }),
  );
  app.post(
    '/api/client/activatetask',
    { ...client, schema: { body: ZActivateTaskRequest, response: responsesOf(ZActivatetaskBody) } },
    async (req) => {
      const actor = { auth: authOf(req), ip: req.ip };
      const d = req.body;
      const task = d.param_case === 'ACTIVATE' ? await activateTask(app, actor, d) : await forceEndTask(app, actor, d.TaskId);
      return { success: true, body: { taskobject: task } };
    },
  );
  app.post(
    '/api/client/dropactivetask',
    { ...client, schema: { body: ZDropActiveTaskRequest, response: responsesOf(ZActivatetaskBody) } },
    async (req) => ({
      success: true,
      body: { taskobject: await dropActiveTask(app, { auth: authOf(req), ip: req.ip }, req.body.branchOfficeId) },
    }),
  );
  /** The board's tasks: per branch in scope its active or just-finished task (our call). */
  app.post('/api/client/gettasks', { ...client, schema: { response: responsesOf(ZGettasksBody) } }, async (req) => ({
    success: true,
    body: { taskobject: await boardTasks(app.db, authOf(req)) },
  }));

  app.post(
    '/api/admin/managecltemplates',
    { preValidation: requireAdmin, schema: { body: ZAdminClTemplatesRequest, response: responsesOf(ZManagecltemplatesBody) } },
    async (req) => ({
      success: true,
      body: { templateobject: await manageLibrary(app.db, { userId: authOf(req).userId, ip: req.ip }, req.body) },
    }),
  );

  app.post(
    '/api/mobile/tasks',
    { ...mobile, schema: { body: ZMobileTasksRequest, response: responsesOf(ZMobileTasksAnswer) } },
    async (req) => ({
      success: true,
      body: await mobileTasks(app, authOf(req), req.body.branchOfficeId),
    }),
  );
  app.post(
    '/api/mobile/task/start',
    { ...mobile, schema: { body: ZMobileTaskStartRequest, response: responsesOf(ZTask) } },
    async (req) => ({
      success: true,
      body: await startTask(app, authOf(req), req.body),
    }),
  );
  app.post('/api/mobile/task/item', { ...mobile, schema: { body: ZMobileTaskItemRequest, response: responsesOf(ZTask) } }, async (req) => ({
    success: true,
    body: await taskItemStep(app, authOf(req), req.body),
  }));
  app.post('/api/mobile/task/pause', { ...mobile, schema: { body: ZMobileTaskRequest, response: responsesOf(ZTask) } }, async (req) => ({
    success: true,
    body: await pauseTask(app, authOf(req), req.body.TaskId),
  }));
  app.post('/api/mobile/task/resume', { ...mobile, schema: { body: ZMobileTaskRequest, response: responsesOf(ZTask) } }, async (req) => ({
    success: true,
    body: await resumeTask(app, authOf(req), req.body.TaskId),
  }));
}
