/**
 * A read that live events keep current must not lose an event applied while it was on its way
 * (event-taps.ts): the board's answer and the alarm history were read by the server before the
 * event, and would replace what the event changed. The server is played by answers given by hand;
 * the events go through the real dispatch (handlers.ts dispatchEvents).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { branchStatusOf, type GetOfficesV2Body, type NotificationRow } from '@vigil/contract';
import { apiGet, apiPost } from '../shared/api/client';
import { branchKeys, fetchBranchBoard } from '../features/branches/api';
import { alarmsHandler, dispatchEvents } from './handlers';
import { fetchAlarmHistory } from './alarm-history';
import { fetchNotificationPage, fetchUnread } from '../features/notifications/api';
import { isEventBody } from './board-events';
import { readsOnTheirWay } from './event-taps';
import { boardRow, deferred, ev, live } from './test-events';

vi.mock('../shared/api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../shared/api/client')>()),
  apiGet: vi.fn(),
  apiPost: vi.fn(),
}));

const row = boardRow;

afterEach(() => vi.mocked(apiGet).mockReset());

describe('reads kept current by the events applied while they were on their way', () => {
  it('the board: a panic applied during the read stays on the answer; an older move and other branches change nothing', async () => {
    const qc = new QueryClient();
    const answer = deferred<GetOfficesV2Body>();
    vi.mocked(apiPost).mockReturnValueOnce(answer.promise);
    const read = qc.fetchQuery({ queryKey: branchKeys.board(null), queryFn: () => fetchBranchBoard(null) });
    expect(readsOnTheirWay()).toBe(1);
    dispatchEvents(
      qc,
      [],
      [
        live(ev({ type: 'NOTIFICATION', id: 20, BranchOfficeId: 7, BranchAction: 'Panic', NotificationType: 10, SecurityAlert: true })),
        // Older than what the answer holds for branch 8: the answer's Close stands.
        live(
          ev({
            type: 'BRANCH-ACTION',
            id: 21,
            BranchOfficeId: 8,
            BranchAction: 'Open',
            NotificationTimeAddedUTC: '2026-03-01T07:00:00.000Z',
          }),
        ),
      ],
    );
    // The server read the board before the panic.
    const other = row(9, 'Open', '2026-03-01T08:00:00.000Z');
    answer.resolve({
      organizationobject: [row(7, 'Open', '2026-03-01T08:00:00.000Z'), row(8, 'Close', '2026-03-01T09:00:00.000Z'), other],
      total: 3,
    });
    const body = await read;
    expect(readsOnTheirWay()).toBe(0);
    expect(body.organizationobject.map((r) => branchStatusOf(r.BranchAction))).toEqual(['alarm', 'closed', 'open']);
    expect(body.organizationobject[2]).toBe(other);
    // An answer, compared with the rows before as any answer is (branches/api.ts boardSharing).
    expect(isEventBody(body)).toBe(false);
    expect(qc.getQueryData(branchKeys.board(null))).toBe(body);
  });

  it('the board: with no event meanwhile, the answer is taken as it is', async () => {
    const body: GetOfficesV2Body = { organizationobject: [row(7, 'Open', '2026-03-01T08:00:00.000Z')], total: 1 };
    vi.mocked(apiPost).mockResolvedValueOnce(body);
    expect(await fetchBranchBoard(null)).toBe(body);
  });

  it('the alarm history: an acknowledgement applied before the history arrived is kept, not waiting again', async () => {
    const qc = new QueryClient();
    const alarms = deferred<{ notificationobject: NotificationRow[] }>();
    vi.mocked(apiGet).mockImplementation((_path, params) =>
      (params as { type: string }).type === 'alarms' ? alarms.promise : Promise.resolve({ notificationobject: [] }),
    );
    const history = fetchAlarmHistory();
    const raised = ev({ type: 'NOTIFICATION', id: 20, BranchAction: 'Panic', NotificationType: 10, SecurityAlert: true });
    // Acknowledged by another operator while the history was on its way: the live list does not
    // hold the alarm yet, so this event alone changes nothing there.
    dispatchEvents(
      qc,
      [alarmsHandler(qc)],
      [
        live(
          ev({
            type: 'ALARM-ACK',
            id: 30,
            Payload: {
              NotificationId: 20,
              Acknowledged: { UserId: 9, Name: 'Op Erator', AtUTC: '2026-03-01T10:01:00.000Z', Disposition: null, Note: null },
            },
          }),
        ),
      ],
    );
    alarms.resolve({ notificationobject: [raised as unknown as NotificationRow] });
    const list = await history;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ notificationId: 20, acknowledged: { by: 9, byName: 'Op Erator' } });
    expect(readsOnTheirWay()).toBe(0);
  });

  it('the bell and the first page of a list: a notification dispatched during their read is on top of their answer, once', async () => {
    const qc = new QueryClient();
    const unread = deferred<{ notificationobject: NotificationRow[] }>();
    const page = deferred<{ notificationobject: NotificationRow[] }>();
    vi.mocked(apiGet).mockImplementation((_path, params) => ((params as { notDone?: boolean }).notDone ? unread.promise : page.promise));
    const bell = fetchUnread();
    const first = fetchNotificationPage('alarms', '2026-03-01', '2026-03-01', 0);
    const older = ev({ type: 'NOTIFICATION', id: 19, BranchAction: 'Alarm', NotificationType: 15 });
    const panic = ev({ type: 'NOTIFICATION', id: 20, BranchAction: 'Panic', NotificationType: 10, SecurityAlert: true });
    // 19 was committed before the reads (it is in their answers too), 20 after.
    dispatchEvents(qc, [], [live(older), live(panic)]);
    const olderRow = older as unknown as NotificationRow;
    unread.resolve({ notificationobject: [olderRow] });
    page.resolve({ notificationobject: [olderRow] });
    expect((await bell).rows.map((r) => r.NotificationId)).toEqual([20, 19]);
    expect((await first).rows.map((r) => r.NotificationId)).toEqual([20, 19]);
  });

  it('a failed read fails the same way and stops collecting', async () => {
    vi.mocked(apiPost).mockRejectedValueOnce(new Error('offline'));
    await expect(fetchBranchBoard(null)).rejects.toThrow('offline');
    expect(readsOnTheirWay()).toBe(0);
  });
});
