/**
 * Acknowledging safely (issue 13; spec §9 notification types): panic, duress and emergency are
 * acknowledged only with a disposition from the organisation's list and a note, enforced by the
 * server; the organisation admin keeps the list; other alarms acknowledge in one step; the first
 * acknowledgement still wins and carries its disposition and note to every reader.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DISPOSITIONS, type AlarmDispositions, type NotificationRow } from '@vigil/contract';
import { ApiClient, DB_KINDS, mobileLogin, startTestServer, type TestServer } from './helpers.js';

const PATH = '/api/client/managealarms';

describe.each(DB_KINDS)('alarm dispositions on %s', (kind) => {
  let server: TestServer;
  let staff: Awaited<ReturnType<typeof mobileLogin>>;
  let branchOfficeId: number;
  let operator: ApiClient;
  let orgAdmin: ApiClient;
  let organizationId: number;

  beforeAll(async () => {
    server = await startTestServer(kind, { LOGIN_RATE_MAX: '1000' });
    staff = await mobileLogin(server.baseUrl, 'staff@example.com');
    branchOfficeId = staff.Branches[0]!.BranchOfficeId;
    operator = new ApiClient(server.baseUrl);
    await operator.login('operator@example.com');
    orgAdmin = new ApiClient(server.baseUrl);
    await orgAdmin.login('orgadmin@example.com');
    organizationId = (await row(await raise('PANIC'))).OrganizationId!;
  });
  afterAll(async () => server?.close());

  async function raise(type: 'PANIC' | 'DURESS' | 'EMERGENCY' | 'TROUBLE' | 'ALARM'): Promise<number> {
    const res = await staff.call<{ NotificationId: number }>('alarm', { branchOfficeId, type });
    expect(res.status).toBe(200);
    return res.json.body!.NotificationId;
  }

  async function row(id: number): Promise<NotificationRow> {
    const res = await fetch(`${server.baseUrl}/api/client/getnotificationsv2?id=${id}`, { headers: { cookie: orgAdmin.cookieHeader() } });
    const json = (await res.json()) as { body: { notificationobject: NotificationRow[] } };
    return json.body.notificationobject[0]!;
  }

  const ack = (c: ApiClient, notificationId: number, extra: Record<string, unknown> = {}) =>
    c.post<{ acknowledged: boolean; AcknowledgedBy: number }>(PATH, { case: 'ACKNOWLEDGE', notificationId, ...extra });

  it('refuses a panic, duress or emergency without a disposition, with an unknown one, or without a note', async () => {
    for (const type of ['PANIC', 'DURESS', 'EMERGENCY'] as const) {
      const id = await raise(type);
      const bare = await ack(operator, id);
      expect(bare.status, type).toBe(400);
      expect(bare.json).toMatchObject({
        code: 'alarms.errors.dispositionRequired',
        field: 'disposition',
        description: 'Choose a disposition to acknowledge a panic, duress or emergency alarm',
      });
      const noNote = await ack(operator, id, { disposition: 'false-alarm', note: '   ' });
      expect(noNote.status).toBe(400);
      expect(noNote.json).toMatchObject({
        code: 'alarms.errors.noteRequired',
        field: 'note',
        description: 'Write a note to acknowledge a panic, duress or emergency alarm',
      });
      const unknown = await ack(operator, id, { disposition: 'went home', note: 'n' });
      expect(unknown.status).toBe(400);
      expect(unknown.json).toMatchObject({ code: 'alarms.errors.dispositionUnknown', field: 'disposition' });
      // Nothing was written: the alarm is still waiting.
      expect((await row(id)).Acknowledged).toBeNull();
    }
    // In Albanian too.
    const sq = new ApiClient(server.baseUrl, 'sq');
    await sq.login('operator@example.com');
    const refused = await ack(sq, await raise('PANIC'));
    expect(refused.json.description).toBe('Zgjidhni një përfundim për të konfirmuar një alarm paniku, shtrëngimi ose emergjence');
  });

  it('acknowledges a panic with a disposition and a note; the first wins and every reader sees both', async () => {
    const id = await raise('PANIC');
    const first = await ack(operator, id, { disposition: 'police-dispatched', note: '  Patrol 12 sent  ' });
    expect(first.status).toBe(200);
    expect(first.json.body!.acknowledged).toBe(true);
    const second = await ack(orgAdmin, id, { disposition: 'test', note: 'later' });
    expect(second.json.body).toMatchObject({ acknowledged: false, AcknowledgedBy: first.json.body!.AcknowledgedBy });
    expect((await row(id)).Acknowledged).toMatchObject({ Disposition: 'police-dispatched', Note: 'Patrol 12 sent' });
  });

  it('acknowledges trouble and alarm in one step, keeping a disposition when one is given', async () => {
    const trouble = await raise('TROUBLE');
    expect((await ack(operator, trouble)).json.body!.acknowledged).toBe(true);
    expect((await row(trouble)).Acknowledged).toMatchObject({ Disposition: null, Note: null });
    const alarm = await raise('ALARM');
    expect((await ack(operator, alarm, { disposition: 'resolved-on-site' })).json.body!.acknowledged).toBe(true);
    expect((await row(alarm)).Acknowledged).toMatchObject({ Disposition: 'resolved-on-site', Note: null });
  });

  it('the organisation admin keeps the list; operators read it; others may not change it', async () => {
    const get = (c: ApiClient, org = organizationId) => c.post<AlarmDispositions>(PATH, { case: 'GET-DISPOSITIONS', organizationId: org });
    expect((await get(operator)).json.body!.Dispositions).toEqual([...DEFAULT_DISPOSITIONS]);

    const updated = await orgAdmin.post<AlarmDispositions>(PATH, {
      case: 'UPDATE-DISPOSITIONS',
      dispositions: ['false-alarm', 'Customer error', 'police-dispatched'],
    });
    expect(updated.status).toBe(200);
    expect((await get(operator)).json.body!.Dispositions).toEqual(['false-alarm', 'Customer error', 'police-dispatched']);

    // A removed entry is refused from now on; a new one is accepted.
    const id = await raise('DURESS');
    expect((await ack(operator, id, { disposition: 'test', note: 'n' })).json.code).toBe('alarms.errors.dispositionUnknown');
    expect((await ack(operator, id, { disposition: 'Customer error', note: 'Staff pressed by mistake' })).status).toBe(200);

    const repeated = await orgAdmin.post(PATH, { case: 'UPDATE-DISPOSITIONS', dispositions: ['Test', 'test'] });
    expect(repeated.status).toBe(400);
    expect(repeated.json).toMatchObject({
      code: 'alarms.errors.dispositionRepeated',
      description: 'Each disposition may be listed only once',
    });
    expect((await orgAdmin.post(PATH, { case: 'UPDATE-DISPOSITIONS', dispositions: [] })).status).toBe(400);
    expect((await orgAdmin.post(PATH, { case: 'UPDATE-DISPOSITIONS', dispositions: ['x'.repeat(81)] })).status).toBe(400);

    // An operator may not change it; another organisation's admin may neither read nor change it.
    expect((await operator.post(PATH, { case: 'UPDATE-DISPOSITIONS', dispositions: ['a'] })).status).toBe(403);
    const us = new ApiClient(server.baseUrl);
    await us.login('us-orgadmin@example.com');
    expect((await get(us)).status).toBe(403);
    expect((await us.post(PATH, { case: 'UPDATE-DISPOSITIONS', organizationId, dispositions: ['a'] })).status).toBe(403);
    expect((await get(operator)).json.body!.Dispositions).toEqual(['false-alarm', 'Customer error', 'police-dispatched']);
  });
});
