/**
 * Task lists (spec §3 Task list template, §4 Tasking, §5 unique names, §6 edit/delete flags, §7
 * managecltemplates, getbranchesbytasklistid, activatetask, dropactivetask; docs/API.md "Mobile:
 * tasks"): every param_case, scope (no template, branch or task of another organisation can be read,
 * assigned, activated or ended), the admin library and its import, the flags, the §5 texts, the
 * mandatory order, pause/resume from the app, the console's force-end and clear, and the TASK
 * events a branch's mobile users receive. Which branches are whose is read from the database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type {
  ActivityReportRow,
  AssignedBranch,
  BranchTaskFields,
  SocketEvent,
  Task,
  TaskListSummaryRow,
  TaskListTemplate,
  TaskPayload,
  TaskRunRow,
} from '@vigil/contract';
import { rows } from '../src/db/client.js';
import { ApiClient, DB_KINDS, SocketClient, mobileLogin, startTestServer, type ApiResponse, type TestServer } from './helpers.js';

type Templates = { templateobject: TaskListTemplate[] };
type One = { templateobject: TaskListTemplate };
const ITEMS = [
  { name: 'Walk the perimeter', IsOrderMandatory: true, TimeInterval: 300 },
  { name: 'Disarm the alarm', IsOrderMandatory: true, TimeInterval: 60, description: 'Code at the side door' },
  { name: 'Check the vault', IsOrderMandatory: true, TimeInterval: 120 },
];

describe.each(DB_KINDS)('task lists on %s', (kind) => {
  let server: TestServer;
  const c: Record<string, ApiClient> = {};
  /** Dega Skënderbej (staff, manager), its region (TIR), a US branch. */
  let branchId = 0;
  let regionId = 0;
  let usBranchId = 0;
  let tirBranches: number[] = [];
  let templateId = 0;

  const q = async <T>(s: ReturnType<typeof sql>) => rows<T>(server.database.db, s);
  const manage = <T = One>(who: string, body: Record<string, unknown>) => c[who]!.post<T>('/api/client/managecltemplates', body);
  const expectError = (r: ApiResponse, status: number, description?: string) => {
    expect(r.status, JSON.stringify(r.json)).toBe(status);
    expect(r.json.success).toBe(false);
    if (description) expect(r.json.description).toBe(description);
  };

  beforeAll(async () => {
    server = await startTestServer(kind, { LOGIN_RATE_MAX: '1000' });
    for (const [k, email] of Object.entries({
      al: 'orgadmin@example.com',
      us: 'us-orgadmin@example.com',
      dealer: 'dealer@example.com',
      officer: 'officer@example.com',
      operator: 'operator@example.com',
      regional: 'regional@example.com',
      manager: 'manager@example.com',
    })) {
      c[k] = new ApiClient(server.baseUrl);
      await c[k].login(email);
    }
    c.admin = new ApiClient(server.baseUrl);
    await c.admin.login('admin@example.com', undefined, 'admin');
    const [b] = await q<{ id: number; r: number }>(
      sql`select id, regional_office_id as r from branch_offices where name = 'Dega Skënderbej'`,
    );
    branchId = b!.id;
    regionId = b!.r;
    tirBranches = (await q<{ id: number }>(sql`select id from branch_offices where regional_office_id = ${regionId} order by id`)).map(
      (r) => r.id,
    );
    const [us] = await q<{ id: number }>(
      sql`select b.id from branch_offices b join organizations o on o.id = b.organization_id where o.name like '%Liberty%' order by b.id limit 1`,
    );
    usBranchId = us!.id;

    // The demo's task lists (issue 17 "demo data"): templates of both banks and the library, runs
    // over the history with the odd late item and the odd abandoned run. Then the test starts from none.
    const demo = await q<{
      orgs: number;
      library: number;
      runs: number;
      days: number;
      dropped: number;
      late: number;
      completed: number;
    }>(sql`select
      (select count(distinct organization_id)::int from task_list_templates where organization_id is not null) as orgs,
      (select count(*)::int from task_list_templates where organization_id is null) as library,
      (select count(*)::int from tasks) as runs,
      (select extract(day from max(started_at) - min(started_at))::int from tasks) as days,
      (select count(*)::int from tasks where status = 'DROPPED') as dropped,
      (select count(*)::int from tasks where status = 'COMPLETED') as completed,
      (select count(distinct task_id)::int from task_items where extract(epoch from (ended_at - started_at)) > time_interval * 1.5) as late`);
    expect(demo[0]).toMatchObject({ orgs: 2, library: 2 });
    // Spread over the 30 days of the history.
    expect(demo[0]!.days).toBeGreaterThanOrEqual(27);
    expect(demo[0]!.dropped).toBeGreaterThan(0);
    expect(demo[0]!.late).toBeGreaterThan(0);
    expect(demo[0]!.completed).toBeGreaterThan(demo[0]!.dropped * 10);
    await server.database.db.execute(sql`delete from tasks`);
    await server.database.db.execute(sql`delete from task_list_templates`);
  }, 240_000);
  afterAll(async () => server?.close());

  it('ADD, GET-ALL-BY-ORGANIZATION, and the §5 name-in-use text; reads by roles 2, 12, 6, 9 only', async () => {
    const add = await manage('al', { param_case: 'ADD', name: 'Morning opening', TaskingType: 'OPENING', details: ITEMS });
    expect(add.status, JSON.stringify(add.json)).toBe(200);
    const t = add.json.body!.templateobject;
    templateId = t.TemplateAutoId;
    expect(t.details.map((d) => [d.name, d.PriorityOrder, d.TimeInterval])).toEqual([
      ['Walk the perimeter', 1, 300],
      ['Disarm the alarm', 2, 60],
      ['Check the vault', 3, 120],
    ]);
    expect(t).toMatchObject({ TaskingType: 'OPENING', TaskingTypeName: 'Opening', ExpectedSeconds: 480, IsAllowedChecklistEdit: true });

    expectError(
      await manage('al', { param_case: 'ADD', name: 'MORNING opening', TaskingType: 'CLOSING', details: ITEMS }),
      409,
      'This Task List Name is already in use',
    );
    const sqClient = new ApiClient(server.baseUrl, 'sq');
    await sqClient.login('orgadmin@example.com');
    const sqDup = await sqClient.post('/api/client/managecltemplates', {
      param_case: 'ADD',
      name: 'Morning opening',
      TaskingType: 'OPENING',
      details: ITEMS,
    });
    expect(sqDup.json.description).toBe('Ky emër i listës së detyrave është tashmë në përdorim');
    // Another organisation may use the same name.
    expect((await manage('us', { param_case: 'ADD', name: 'Morning opening', TaskingType: 'OPENING', details: ITEMS })).status).toBe(200);
    // A dealer names the organisation.
    expectError(await manage('dealer', { param_case: 'ADD', name: 'Dealer list', TaskingType: 'ON_DEMAND', details: ITEMS }), 400);

    const names = async (who: string) =>
      (await manage<Templates>(who, { param_case: 'GET-ALL-BY-ORGANIZATION' })).json.body!.templateobject.map((x) => x.TemplateAutoId);
    expect(await names('al')).toContain(templateId);
    expect(await names('us')).not.toContain(templateId);
    expect(await names('regional')).toContain(templateId);
    expect(await names('manager')).toContain(templateId);
    expect(await names('dealer')).toContain(templateId);
    expectError(await manage('officer', { param_case: 'GET-ALL-BY-ORGANIZATION' }), 403);
    expectError(await manage('operator', { param_case: 'GET-ALL-BY-ORGANIZATION' }), 403);
    // Writes: roles 2 and 12 only.
    expectError(await manage('regional', { param_case: 'UPDATE-NAME', TemplateAutoId: templateId, name: 'x' }), 403);
    // Bad input is a 400 with the field's message, never a 500.
    const bad = await manage('al', { param_case: 'ADD', name: '', TaskingType: 'OPENING', details: [] });
    expect(bad.status).toBe(400);
    expect((await manage('al', { param_case: 'NOPE' })).status).toBe(400);
  });

  it('UPDATE, UPDATE-ORDER, UPDATE-NAME and CLONE keep items and order', async () => {
    const [first, second, third] = (
      await manage<Templates>('al', { param_case: 'GET-ALL-BY-ORGANIZATION' })
    ).json.body!.templateobject.find((x) => x.TemplateAutoId === templateId)!.details;
    const order = await manage('al', {
      param_case: 'UPDATE-ORDER',
      TemplateAutoId: templateId,
      order: [second!.TemplateDetailsAutoId, first!.TemplateDetailsAutoId, third!.TemplateDetailsAutoId],
    });
    expect(order.json.body!.templateobject.details.map((d) => d.name)).toEqual([
      'Disarm the alarm',
      'Walk the perimeter',
      'Check the vault',
    ]);
    expectError(
      await manage('al', { param_case: 'UPDATE-ORDER', TemplateAutoId: templateId, order: [first!.TemplateDetailsAutoId] }),
      400,
      'The new order must list every item of the task list once',
    );
    // UPDATE: back to the first order, one item changed, one added.
    const upd = await manage('al', {
      param_case: 'UPDATE',
      TemplateAutoId: templateId,
      name: 'Morning opening',
      description: 'Before 8:00',
      TaskingType: 'OPENING',
      details: [
        { TemplateDetailsAutoId: first!.TemplateDetailsAutoId, name: 'Walk the perimeter', IsOrderMandatory: true, TimeInterval: 300 },
        { TemplateDetailsAutoId: second!.TemplateDetailsAutoId, name: 'Disarm the alarm', IsOrderMandatory: true, TimeInterval: 60 },
        { TemplateDetailsAutoId: third!.TemplateDetailsAutoId, name: 'Check the vault', IsOrderMandatory: true, TimeInterval: 120 },
        { name: 'Open the doors', IsOrderMandatory: false, TimeInterval: 30 },
      ],
    });
    expect(upd.status, JSON.stringify(upd.json)).toBe(200);
    const after = upd.json.body!.templateobject;
    expect(after.details.map((d) => d.name)).toEqual(['Walk the perimeter', 'Disarm the alarm', 'Check the vault', 'Open the doors']);
    expect(after.details[0]!.TemplateDetailsAutoId).toBe(first!.TemplateDetailsAutoId);
    expect(after.description).toBe('Before 8:00');

    const clone = await manage('al', { param_case: 'CLONE', TemplateAutoId: templateId, name: 'Morning opening (copy)' });
    expect(clone.status).toBe(200);
    const copy = clone.json.body!.templateobject;
    expect(copy.TemplateAutoId).not.toBe(templateId);
    expect(copy.details.map((d) => [d.name, d.PriorityOrder, d.IsOrderMandatory, d.TimeInterval])).toEqual(
      after.details.map((d) => [d.name, d.PriorityOrder, d.IsOrderMandatory, d.TimeInterval]),
    );
    expectError(
      await manage('al', { param_case: 'CLONE', TemplateAutoId: templateId, name: 'morning opening' }),
      409,
      'This Task List Name is already in use',
    );

    const renamed = await manage('al', { param_case: 'UPDATE-NAME', TemplateAutoId: copy.TemplateAutoId, name: 'Evening closing' });
    expect(renamed.json.body!.templateobject.name).toBe('Evening closing');
    expectError(
      await manage('al', { param_case: 'UPDATE-NAME', TemplateAutoId: copy.TemplateAutoId, name: 'Morning Opening' }),
      409,
      'This Task List Name is already in use',
    );
    const del = await manage('al', { param_case: 'DELETE', TemplateAutoId: copy.TemplateAutoId });
    expect(del.status).toBe(200);
    expect((await q(sql`select 1 from task_list_templates where id = ${copy.TemplateAutoId}`)).length).toBe(0);
    const audits = await q<{ action: string }>(sql`select action from audit_log where entity = 'task_list_templates' order by id`);
    expect(audits.map((a) => a.action)).toEqual(
      expect.arrayContaining([
        'add-task-list',
        'reorder-task-list',
        'update-task-list',
        'clone-task-list',
        'rename-task-list',
        'delete-task-list',
      ]),
    );
  });

  it('ASSIGN to a region and DE-ASSIGN a branch; getbranchesbytasklistid by scope', async () => {
    const assigned = await manage('al', { param_case: 'ASSIGN', TemplateAutoId: templateId, regionalOfficeIds: [regionId] });
    expect(assigned.status, JSON.stringify(assigned.json)).toBe(200);
    expect(assigned.json.body!.templateobject.AssignedToBranches.map((b) => b.BranchOfficeId).sort((a, b) => a - b)).toEqual(tirBranches);
    const list = async (who: string) =>
      c[who]!.post<{ branchobject: AssignedBranch[] }>('/api/client/getbranchesbytasklistid', { taskListId: templateId });
    expect((await list('al')).json.body!.branchobject.map((b) => b.BranchOfficeId).sort((a, b) => a - b)).toEqual(tirBranches);
    expect((await list('regional')).json.body!.branchobject.length).toBe(tirBranches.length);
    // The branch manager sees only its own branch.
    expect((await list('manager')).json.body!.branchobject.map((b) => b.BranchOfficeId)).toEqual([branchId]);
    expectError(await list('us'), 404);
    expectError(await list('officer'), 403);

    const other = tirBranches.find((id) => id !== branchId)!;
    const de = await manage('al', { param_case: 'DE-ASSIGN', TemplateAutoId: templateId, branchOfficeIds: [other] });
    expect(de.json.body!.templateobject.AssignedToBranches.map((b) => b.BranchOfficeId)).not.toContain(other);
    await manage('al', { param_case: 'ASSIGN', TemplateAutoId: templateId, branchOfficeIds: [other] });
  });

  it('scope: no template, branch or task of another organisation can be read, changed, assigned or activated', async () => {
    const usTemplates = (await manage<Templates>('us', { param_case: 'GET-ALL-BY-ORGANIZATION' })).json.body!.templateobject;
    const usTemplate = usTemplates[0]!.TemplateAutoId;
    for (const body of [
      { param_case: 'UPDATE-NAME', TemplateAutoId: templateId, name: 'Taken over' },
      { param_case: 'UPDATE-ORDER', TemplateAutoId: templateId, order: [1] },
      { param_case: 'CLONE', TemplateAutoId: templateId, name: 'Stolen' },
      { param_case: 'DELETE', TemplateAutoId: templateId },
      { param_case: 'ASSIGN', TemplateAutoId: templateId, branchOfficeIds: [usBranchId] },
      { param_case: 'DE-ASSIGN', TemplateAutoId: templateId, branchOfficeIds: [branchId] },
      { param_case: 'UPDATE', TemplateAutoId: templateId, name: 'x', TaskingType: 'OPENING', details: ITEMS },
    ]) {
      expectError(await manage('us', body), 404);
    }
    expect(
      (await manage<Templates>('us', { param_case: 'GET-ALL-BY-ORGANIZATION', organizationId: 1 })).json.body?.templateobject ?? [],
    ).toEqual([]);
    // Its own template to a branch or region of the other organisation.
    expectError(await manage('us', { param_case: 'ASSIGN', TemplateAutoId: usTemplate, branchOfficeIds: [branchId] }), 404);
    expectError(await manage('us', { param_case: 'ASSIGN', TemplateAutoId: usTemplate, regionalOfficeIds: [regionId] }), 404);
    // Activation of a foreign template, or at a foreign branch.
    expectError(
      await c.us!.post('/api/client/activatetask', { param_case: 'ACTIVATE', branchOfficeId: branchId, TemplateAutoId: templateId }),
      404,
    );
    expectError(
      await c.al!.post('/api/client/activatetask', { param_case: 'ACTIVATE', branchOfficeId: branchId, TemplateAutoId: usTemplate }),
      404,
    );
    expectError(await c.us!.post('/api/client/dropactivetask', { branchOfficeId: branchId }), 404);
    expect((await q(sql`select 1 from tasks`)).length).toBe(0);
  });

  it('the admin library: import from admin with its flags; the flags are enforced; the §5 import text', async () => {
    const lib = await c.admin!.post<One>('/api/admin/managecltemplates', {
      param_case: 'ADD',
      name: 'Standard closing',
      TaskingType: 'CLOSING',
      details: ITEMS,
      IsAllowedChecklistEdit: false,
      IsAllowedChecklistDelete: false,
    });
    expect(lib.status, JSON.stringify(lib.json)).toBe(200);
    const libId = lib.json.body!.templateobject.TemplateAutoId;
    expect(lib.json.body!.templateobject.OrganizationId).toBeNull();
    // Library templates are not an organisation's, and the library is the platform admin's only.
    expect(
      (await manage<Templates>('al', { param_case: 'GET-ALL-BY-ORGANIZATION' })).json.body!.templateobject.map((t) => t.TemplateAutoId),
    ).not.toContain(libId);
    expect((await c.al!.post('/api/admin/managecltemplates', { param_case: 'GET-ALL' })).status).toBeGreaterThanOrEqual(401);

    const offered = await manage<Templates>('al', { param_case: 'GET-ADMIN-TEMPLATES' });
    expect(offered.json.body!.templateobject.map((t) => [t.TemplateAutoId, t.IsAllowedChecklistEdit])).toEqual([[libId, false]]);
    expectError(await manage('regional', { param_case: 'GET-ADMIN-TEMPLATES' }), 403);
    const imp = await manage('al', { param_case: 'IMPORT-FROM-ADMIN', AdminTemplateAutoId: libId });
    expect(imp.status, JSON.stringify(imp.json)).toBe(200);
    const mine = imp.json.body!.templateobject;
    expect(mine).toMatchObject({
      name: 'Standard closing',
      OrganizationId: expect.any(Number),
      IsAllowedChecklistEdit: false,
      IsAllowedChecklistDelete: false,
    });
    expect(mine.details.map((d) => d.name)).toEqual(ITEMS.map((i) => i.name));
    expectError(
      await manage('al', { param_case: 'IMPORT-FROM-ADMIN', AdminTemplateAutoId: libId }),
      409,
      'There is a template with this name. Choose another name',
    );
    expect((await manage('al', { param_case: 'IMPORT-FROM-ADMIN', AdminTemplateAutoId: libId, name: 'Standard closing 2' })).status).toBe(
      200,
    );
    // An organisation template is not importable.
    expectError(await manage('us', { param_case: 'IMPORT-FROM-ADMIN', AdminTemplateAutoId: templateId }), 404);

    expectError(
      await manage('al', { param_case: 'UPDATE-NAME', TemplateAutoId: mine.TemplateAutoId, name: 'Mine now' }),
      403,
      'This task list may not be edited',
    );
    expectError(
      await manage('al', {
        param_case: 'UPDATE',
        TemplateAutoId: mine.TemplateAutoId,
        name: 'Mine now',
        TaskingType: 'CLOSING',
        details: ITEMS,
      }),
      403,
      'This task list may not be edited',
    );
    expectError(
      await manage('al', {
        param_case: 'UPDATE-ORDER',
        TemplateAutoId: mine.TemplateAutoId,
        order: mine.details.map((d) => d.TemplateDetailsAutoId),
      }),
      403,
    );
    expectError(
      await manage('al', { param_case: 'DELETE', TemplateAutoId: mine.TemplateAutoId }),
      403,
      'This task list may not be deleted',
    );
    // Assigning stays allowed.
    expect((await manage('al', { param_case: 'ASSIGN', TemplateAutoId: mine.TemplateAutoId, branchOfficeIds: [branchId] })).status).toBe(
      200,
    );

    const all = await c.admin!.post<Templates>('/api/admin/managecltemplates', { param_case: 'GET-ALL' });
    expect(all.json.body!.templateobject.map((t) => t.TemplateAutoId)).toEqual([libId]);
  });

  it('runs a task from the app: mandatory order refused with a message, pause and resume, item times, TASK events to the branch staff', async () => {
    const staff = await mobileLogin(server.baseUrl, 'staff@example.com');
    const socket = await SocketClient.connect(server.baseUrl, staff.Token, staff.UserId);
    const adminLogin = await new ApiClient(server.baseUrl).login('orgadmin@example.com');
    const infos = (adminLogin.json.body as { UserInfos: { Token: string; UserId: number } }).UserInfos;
    const consoleSocket = await SocketClient.connect(server.baseUrl, infos.Token, infos.UserId);
    const offered = await staff.call<{ templates: TaskListTemplate[]; active: Task | null }>('tasks', { branchOfficeId: branchId });
    expect(offered.json.body!.templates.map((t) => t.name)).toEqual(expect.arrayContaining(['Morning opening', 'Standard closing']));
    expect(offered.json.body!.active).toBeNull();
    // A branch outside the user's scope.
    expect((await staff.call('tasks', { branchOfficeId: usBranchId })).status).toBe(404);

    const start = await staff.call<Task>('task/start', { branchOfficeId: branchId, TemplateAutoId: templateId });
    expect(start.status, JSON.stringify(start.json)).toBe(200);
    const task = start.json.body!;
    expect(task).toMatchObject({ Status: 'RUNNING', Done: 0, Total: 4, ExpectedSeconds: 510 });
    const [walk, disarm, vault, doors] = task.items;
    const item = (id: number, action = 'DONE') => staff.call<Task>('task/item', { TaskId: task.TaskId, TemplateDetailsAutoId: id, action });

    const early = await item(vault!.TemplateDetailsAutoId);
    expect(early.status).toBe(400);
    expect(early.json.description).toBe('Complete “Walk the perimeter” first: the order of this task list is mandatory');
    // An item without mandatory order may be done at any time.
    expect((await item(doors!.TemplateDetailsAutoId)).json.body!.Done).toBe(1);
    expect((await item(walk!.TemplateDetailsAutoId, 'START')).status).toBe(200);
    const one = await item(walk!.TemplateDetailsAutoId);
    expect(one.json.body!.Done).toBe(2);
    const walked = one.json.body!.items.find((i) => i.TemplateDetailsAutoId === walk!.TemplateDetailsAutoId)!;
    expect(walked.StartedAtUTC).not.toBeNull();
    expect(walked.EndedAtUTC).not.toBeNull();
    expect(walked.DurationSeconds).toBeGreaterThanOrEqual(0);

    const paused = await staff.call<Task>('task/pause', { TaskId: task.TaskId });
    expect(paused.json.body!.Status).toBe('PAUSED');
    expect((await item(disarm!.TemplateDetailsAutoId)).json.description).toBe('The task is not running');
    expect((await staff.call('task/pause', { TaskId: task.TaskId })).status).toBe(400);
    expect((await staff.call<Task>('task/resume', { TaskId: task.TaskId })).json.body!.Status).toBe('RUNNING');
    expect((await staff.call('task/resume', { TaskId: task.TaskId })).json.description).toBe('The task is not paused');
    await item(disarm!.TemplateDetailsAutoId);
    const last = await item(vault!.TemplateDetailsAutoId);
    expect(last.json.body).toMatchObject({ Status: 'COMPLETED', Done: 4, Total: 4 });
    expect(last.json.body!.EndedAtUTC).not.toBeNull();

    const done = (await socket.waitFor(
      (m) => m.type === 'TASK' && (m as SocketEvent & { Payload: TaskPayload }).Payload.Step === 'COMPLETED',
    )) as SocketEvent & {
      Payload: TaskPayload;
    };
    expect(done.Payload).toMatchObject({ TaskId: task.TaskId, Done: 4, Total: 4, TemplateName: 'Morning opening' });
    const steps = socket.events.filter((e) => e.type === 'TASK').map((e) => (e.Payload as TaskPayload).Step);
    expect(steps).toEqual(['STARTED', 'ITEM-DONE', 'ITEM-STARTED', 'ITEM-DONE', 'PAUSED', 'RESUMED', 'ITEM-DONE', 'COMPLETED']);
    // The console in scope gets the same steps, with the branch's activity fields.
    const onConsole = (await consoleSocket.waitFor(
      (m) => m.type === 'TASK' && (m as { Payload: TaskPayload }).Payload.Step === 'COMPLETED',
    )) as SocketEvent & { Payload: TaskPayload };
    expect(onConsole).toMatchObject({ BranchOfficeId: branchId, BranchOfficeName: 'Dega Skënderbej' });
    socket.close();
    consoleSocket.close();
  });

  it('the console activates a task (it reaches the branch staff), force-ends a paused one and clears the active one, audited', async () => {
    const staff = await mobileLogin(server.baseUrl, 'staff@example.com');
    const socket = await SocketClient.connect(server.baseUrl, staff.Token, staff.UserId);
    const activate = () =>
      c.al!.post<{ taskobject: Task }>('/api/client/activatetask', {
        param_case: 'ACTIVATE',
        branchOfficeId: branchId,
        TemplateAutoId: templateId,
      });
    const a = await activate();
    expect(a.status, JSON.stringify(a.json)).toBe(200);
    const taskId = a.json.body!.taskobject.TaskId;
    expect(a.json.body!.taskobject.Status).toBe('ACTIVATED');
    const ev = (await socket.waitFor((m) => m.type === 'TASK' && (m as { Payload: TaskPayload }).Payload.Step === 'ACTIVATED')) as {
      Payload: TaskPayload;
    };
    expect(ev.Payload.TaskId).toBe(taskId);
    expectError(await activate(), 409, 'The branch already has an active task');
    // Not assigned to the branch.
    const usAssigned = (
      await q<{ id: number }>(
        sql`select id from branch_offices where organization_id = (select organization_id from branch_offices where id = ${branchId}) and id <> all(${`{${tirBranches.join(',')}}`}::int[]) limit 1`,
      )
    )[0]!.id;
    expectError(
      await c.al!.post('/api/client/activatetask', { param_case: 'ACTIVATE', branchOfficeId: usAssigned, TemplateAutoId: templateId }),
      400,
      'This task list is not assigned to the branch',
    );
    expectError(
      await c.officer!.post('/api/client/activatetask', { param_case: 'ACTIVATE', branchOfficeId: branchId, TemplateAutoId: templateId }),
      403,
    );

    const started = await staff.call<Task>('task/start', { branchOfficeId: branchId, TemplateAutoId: templateId });
    expect(started.json.body).toMatchObject({ TaskId: taskId, Status: 'RUNNING' });
    expectError(await c.al!.post('/api/client/activatetask', { param_case: 'FORCE-END', TaskId: taskId }), 400, 'The task is not paused');
    await staff.call('task/pause', { TaskId: taskId });
    expectError(await c.us!.post('/api/client/activatetask', { param_case: 'FORCE-END', TaskId: taskId }), 404);
    const board = await c.al!.post<{ taskobject: Task[] }>('/api/client/gettasks', {});
    expect(board.json.body!.taskobject.find((t) => t.BranchOfficeId === branchId)?.Status).toBe('PAUSED');
    expect(board.json.body!.taskobject.map((t) => t.TaskId)).toContain(taskId);
    expect((await c.us!.post<{ taskobject: Task[] }>('/api/client/gettasks', {})).json.body!.taskobject.map((t) => t.TaskId)).not.toContain(
      taskId,
    );
    const ended = await c.al!.post<{ taskobject: Task }>('/api/client/activatetask', { param_case: 'FORCE-END', TaskId: taskId });
    expect(ended.json.body!.taskobject.Status).toBe('FORCE_ENDED');
    await socket.waitFor((m) => m.type === 'TASK' && (m as { Payload: TaskPayload }).Payload.Step === 'FORCE-ENDED');

    // Clear the active task.
    const again = await activate();
    expect(again.status).toBe(200);
    const dropped = await c.manager!.post<{ taskobject: Task }>('/api/client/dropactivetask', { branchOfficeId: branchId });
    expect(dropped.json.body!.taskobject).toMatchObject({ TaskId: again.json.body!.taskobject.TaskId, Status: 'DROPPED' });
    expectError(await c.al!.post('/api/client/dropactivetask', { branchOfficeId: branchId }), 404);
    const audits = await q<{ action: string }>(sql`select action from audit_log where entity = 'tasks' order by id`);
    expect(audits.map((x) => x.action)).toEqual(['activate-task', 'force-end-task', 'activate-task', 'drop-active-task']);
    socket.close();
  });

  it('the opening list comes with the branch action, its checklist answered', async () => {
    const staff = await mobileLogin(server.baseUrl, 'staff@example.com');
    const tpl = (await manage<Templates>('al', { param_case: 'GET-ALL-BY-ORGANIZATION' })).json.body!.templateobject.find(
      (t) => t.TemplateAutoId === templateId,
    )!;
    const r = await staff.call<{ NotificationId: number; Task: Task | null }>('branchaction', {
      branchOfficeId: branchId,
      action: 'OPEN',
      pin: '1234',
      checklist: [
        { TemplateDetailsAutoId: tpl.details[0]!.TemplateDetailsAutoId, done: true },
        { TemplateDetailsAutoId: tpl.details[1]!.TemplateDetailsAutoId, done: false },
      ],
    });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json.body!.Task).toMatchObject({ TemplateAutoId: templateId, Status: 'RUNNING', Done: 1, Total: 4 });
    // The activity row of the opening carries its list (spec §3 ChecklistLBranchActions), every item with its times.
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const activity = await c.al!.post<{ notificationobject: ActivityReportRow[] }>('/api/client/getnotifications', {
      case: 'GET-ALL-REPORTS',
      fromDate: day(-1),
      toDate: day(1),
      branchOfficeId: branchId,
    });
    const row = activity.json.body!.notificationobject.find((x) => x.NotificationId === r.json.body!.NotificationId)!;
    expect(row.ChecklistLBranchActions).toHaveLength(1);
    const run = row.ChecklistLBranchActions[0]!;
    expect(run).toMatchObject({ TaskId: r.json.body!.Task!.TaskId, TemplateName: 'Morning opening', Status: 'RUNNING' });
    expect(run.items.map((i) => [i.name, i.TimeInterval, i.Done])).toEqual([
      ['Walk the perimeter', 300, true],
      ['Disarm the alarm', 60, false],
      ['Check the vault', 120, false],
      ['Open the doors', 30, false],
    ]);
    expect(run.items[0]!.EndedAtUTC).toMatch(/Z$/);
    // A closing with no closing list assigned: no task.
    await c.al!.post('/api/client/dropactivetask', { branchOfficeId: branchId });
    const close = await staff.call<{ Task: Task | null }>('branchaction', { branchOfficeId: branchId, action: 'SERVICE', pin: '1234' });
    expect(close.json.body!.Task).toBeNull();
  });

  it('the task-list report: runs with their durations, one run with its items, the summary, CSV; scope', async () => {
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const range = { fromDate: day(-1), toDate: day(1) };
    const report = (who: string, body: Record<string, unknown>) =>
      c[who]!.post<Record<string, unknown>>('/api/client/tasklistreports', { ...range, ...body });
    const runs = await report('al', { case: 'GET-TASK-RUNS', templateId: templateId, sortDir: 'asc' });
    expect(runs.status, JSON.stringify(runs.json)).toBe(200);
    const list = runs.json.body!.resultobject as TaskRunRow[];
    // The app's run (completed), the console's (force-ended), and the one of the branch action (cleared).
    expect(list.map((r) => r.Status)).toEqual(['COMPLETED', 'FORCE_ENDED', 'DROPPED']);
    const done = list[0]!;
    expect(done).toMatchObject({
      TemplateName: 'Morning opening',
      Done: 4,
      Total: 4,
      ExpectedSeconds: 510,
      Expected: '00:08:30',
      BranchOfficeId: branchId,
    });
    expect(done.Duration).toMatch(/^\d\d:\d\d:\d\d$/);
    expect(done.StartedBy).toBe('Klodian Marku');
    const one = await report('al', { case: 'GET-TASK-RUN-BY-ID', taskId: done.TaskId });
    const items = (one.json.body!.resultobject as TaskRunRow).items!;
    expect(items.map((i) => [i.name, i.TimeInterval, i.Done])).toEqual([
      ['Walk the perimeter', 300, true],
      ['Disarm the alarm', 60, true],
      ['Check the vault', 120, true],
      ['Open the doors', 30, true],
    ]);
    expect(items.every((i) => i.DurationSeconds != null && i.StartedLocal && i.EndedLocal)).toBe(true);

    const summary = await report('al', { case: 'GET-TASK-LIST-SUMMARY', templateId });
    const rowsOf = summary.json.body!.resultobject as TaskListSummaryRow[];
    expect(rowsOf).toHaveLength(1);
    expect(rowsOf[0]).toMatchObject({
      TemplateName: 'Morning opening',
      BranchOfficeId: branchId,
      Runs: 3,
      Completed: 1,
      CompletionRate: 33.3,
      Expected: '00:08:30',
    });
    expect(rowsOf[0]!.Median).toBe(done.Duration);
    expect(rowsOf[0]!.MostSkippedItem).not.toBeNull();

    const csv = await fetch(`${server.baseUrl}/api/client/tasklistreports`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: c.al!.cookieHeader(), 'x-xsrf-token': c.al!.csrf! },
      body: JSON.stringify({ ...range, case: 'GET-TASK-RUNS', templateId, format: 'csv', sortDir: 'asc' }),
    });
    expect(csv.status).toBe(200);
    const lines = (await csv.text()).trim().split('\n');
    expect(lines[0]).toContain('Task list');
    expect(lines[0]).toContain('Duration');
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain('Morning opening');
    expect(lines[1]).toContain('Completed');

    // Another organisation's admin sees none of it; a security operator has no task lists.
    expect((await report('us', { case: 'GET-TASK-RUNS' })).json.body!.total).toBe(0);
    expectError(await report('us', { case: 'GET-TASK-RUN-BY-ID', taskId: done.TaskId }), 404);
    expectError(await report('operator', { case: 'GET-TASK-RUNS' }), 403);
    expectError(await report('al', { case: 'GET-TASK-RUNS', fromDate: '2026-13-01' }), 400);
  });

  it("the head office carries TaskNames: its organisation's templates, by name, never another's (spec §3)", async () => {
    for (const [who, email] of [
      ['al', 'orgadmin@example.com'],
      ['us', 'us-orgadmin@example.com'],
    ] as const) {
      const r = await c[who]!.post<{ officeobject: { TaskNames: string[] } }>('/api/client/getoffices', { case: 'GET-HEAD-OFFICE' });
      expect(r.status, JSON.stringify(r.json)).toBe(200);
      const own = await q<{ name: string }>(
        sql`select t.name from task_list_templates t join users u on u.organization_id = t.organization_id
            where u.email = ${email} order by t.name`,
      );
      expect(own.length).toBeGreaterThan(0);
      expect(r.json.body!.officeobject.TaskNames).toEqual(own.map((x) => x.name));
    }
  });

  it('the branch detail carries ChecklistTemplatesData and LastTask (spec §3)', async () => {
    const r = await c.manager!.post<{ branchofficeobject: BranchTaskFields }>('/api/client/getbranchbyidv2', {
      case: 'GET-BRANCH-OFFICE-BY-BRANCHOFFICEID',
      branchOfficeId: branchId,
    });
    expect(r.status).toBe(200);
    const b = r.json.body!.branchofficeobject;
    expect(b.ChecklistTemplatesData.map((x) => [x.name, x.TaskingType, x.Items])).toEqual([
      ['Morning opening', 'OPENING', 4],
      ['Standard closing', 'CLOSING', 3],
    ]);
    const [latest] = await q<{ id: number; status: string }>(
      sql`select id, status from tasks where branch_office_id = ${branchId} order by started_at desc nulls last, id desc limit 1`,
    );
    expect(b.LastTask).toMatchObject({ TaskId: latest!.id, Status: latest!.status, TemplateName: 'Morning opening', Total: 4 });
  });
});
