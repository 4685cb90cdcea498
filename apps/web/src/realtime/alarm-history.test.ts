import { describe, expect, it } from 'vitest';
import type { NotificationRow } from '@vigil/contract';
import { mergeAlarmHistory } from './alarm-history';
import { alarmFromRow, applyEventToAlarms, isAlarmRow, sortAlarms, type Alarm } from './alarm-events';
import { ev } from './test-events';

function nrow(p: Partial<NotificationRow> & Pick<NotificationRow, 'NotificationId'>): NotificationRow {
  return {
    BranchAction: 'Panic',
    NotificationType: 10,
    Category: 'panic',
    RegionalOfficeId: 2,
    RegionalOfficeName: 'North',
    UserId: 5,
    Name: 'Ana',
    Surname: 'Hoxha',
    BranchOfficeId: 7,
    BranchOfficeName: 'Tirana Center',
    BranchOfficeTimeZone: 'Europe/Tirane',
    BranchOfficeDst: 'CET',
    BranchOfficeTypeDisplay: 'Branch',
    OrganizationId: 1,
    OrganizationName: 'Org',
    IsClosedBySystemData: false,
    IsTestNotification: false,
    SecurityAlert: true,
    NotificationTimeAddedUTC: '2026-03-01T09:00:00.000Z',
    Latitude: 41.3,
    Longitude: 19.8,
    MessageContent: null,
    IsRead: false,
    Acknowledged: null,
    Notes: [],
    ...p,
  };
}

describe('alarm history', () => {
  it('maps a getnotificationsv2 row to an alarm, with acknowledgement and notes', () => {
    const a = alarmFromRow(
      nrow({
        NotificationId: 5,
        Acknowledged: { UserId: 9, Name: 'Op Erator', AtUTC: '2026-03-01T09:05:00.000Z', Disposition: null, Note: null },
        Notes: [{ NoteId: 2, Note: 'Called', By: 'Op Erator', AtUTC: '2026-03-01T09:06:00.000Z' }],
      }),
    );
    expect(a).toMatchObject({
      notificationId: 5,
      branchOfficeId: 7,
      branchName: 'Tirana Center',
      zone: 'Europe/Tirane',
      action: 'Panic',
      category: 'panic',
      raisedBy: 'Ana Hoxha',
      at: '2026-03-01T09:00:00.000Z',
    });
    expect(a.acknowledged).toEqual({ by: 9, byName: 'Op Erator', at: '2026-03-01T09:05:00.000Z' });
    expect(a.notes).toEqual([{ noteId: 2, note: 'Called', by: 'Op Erator' }]);
    expect(alarmFromRow(nrow({ NotificationId: 6, BranchOfficeTimeZone: null })).zone).toBe('UTC');
  });

  it('gives the same alarm for a live NOTIFICATION message and the same row fetched by REST (one mapper)', () => {
    const fetched = nrow({ NotificationId: 20, Category: 'panic', NotificationTimeAddedUTC: '2026-03-01T10:00:00.000Z' });
    const { NotificationId: _id, ...fields } = fetched;
    const live = applyEventToAlarms(undefined, ev({ type: 'NOTIFICATION', id: 20, ...fields }));
    expect(live).toEqual([alarmFromRow(fetched)]);
  });

  it('keeps alarm rows only (as the live rule does)', () => {
    expect(isAlarmRow({ NotificationType: 2, BranchAction: 'Trouble', SecurityAlert: false })).toBe(true);
    expect(isAlarmRow({ NotificationType: 12, BranchAction: 'Emergency', SecurityAlert: false })).toBe(true);
    expect(isAlarmRow({ NotificationType: 0, BranchAction: 'Not Opened', SecurityAlert: false })).toBe(false);
    expect(isAlarmRow({ NotificationType: 99, BranchAction: 'Timer Expired', SecurityAlert: true })).toBe(true);
  });

  it('adds alarms from before the page load, once, next to live ones', () => {
    const live = applyEventToAlarms(
      undefined,
      ev({ type: 'NOTIFICATION', id: 20, BranchAction: 'Panic', NotificationType: 10, SecurityAlert: true }),
    );
    const history = [
      alarmFromRow(nrow({ NotificationId: 11 })),
      alarmFromRow(nrow({ NotificationId: 20 })),
      alarmFromRow(nrow({ NotificationId: 11 })),
    ];
    const merged = mergeAlarmHistory(live, history);
    expect(merged.map((a) => a.notificationId).sort()).toEqual([11, 20]);
    expect(merged.find((a) => a.notificationId === 20)).toBe(live[0]);
    // merging again changes nothing
    expect(mergeAlarmHistory(merged, history)).toBe(merged);
    expect(mergeAlarmHistory(undefined, [])).toEqual([]);
  });

  it('lets live acknowledgement and notes win, and fills in what the socket did not send', () => {
    let live: Alarm[] = applyEventToAlarms(
      undefined,
      ev({ type: 'NOTIFICATION', id: 20, BranchAction: 'Panic', NotificationType: 10, SecurityAlert: true }),
    );
    live = applyEventToAlarms(
      live,
      ev({
        type: 'ALARM-NOTE',
        id: 30,
        Payload: { NotificationId: 20, Note: { NoteId: 4, Note: 'Live note', By: 'B', AtUTC: '2026-03-01T10:00:02.000Z' } },
      }),
    );
    const fromDb = alarmFromRow(
      nrow({
        NotificationId: 20,
        Acknowledged: { UserId: 3, Name: 'First', AtUTC: '2026-03-01T10:00:05.000Z', Disposition: null, Note: null },
        Notes: [
          { NoteId: 3, Note: 'Earlier', By: 'A', AtUTC: '2026-03-01T10:00:01.000Z' },
          { NoteId: 4, Note: 'Live note', By: 'B', AtUTC: '2026-03-01T10:00:02.000Z' },
        ],
      }),
    );
    const merged = mergeAlarmHistory(live, [fromDb]);
    expect(merged[0]!.acknowledged).toEqual({ by: 3, byName: 'First', at: '2026-03-01T10:00:05.000Z' });
    expect(merged[0]!.notes.map((n) => n.noteId)).toEqual([3, 4]);
    // a live acknowledgement is not replaced by history
    const acked = applyEventToAlarms(
      live,
      ev({
        type: 'ALARM-ACK',
        id: 31,
        Payload: {
          NotificationId: 20,
          Acknowledged: { UserId: 9, Name: 'Live', AtUTC: '2026-03-01T10:01:00.000Z', Disposition: null, Note: null },
        },
      }),
    );
    expect(mergeAlarmHistory(acked, [fromDb])[0]!.acknowledged!.byName).toBe('Live');
  });

  it('lets live ACK and NOTE events apply to history alarms', () => {
    let list = mergeAlarmHistory(
      [],
      [
        alarmFromRow(nrow({ NotificationId: 11 })),
        alarmFromRow(nrow({ NotificationId: 12, BranchAction: 'Trouble', NotificationType: 2, Category: 'alarm', SecurityAlert: false })),
      ],
    );
    list = applyEventToAlarms(
      list,
      ev({
        type: 'ALARM-ACK',
        id: 40,
        Payload: {
          NotificationId: 11,
          Acknowledged: { UserId: 9, Name: 'Op', AtUTC: '2026-03-01T10:01:00.000Z', Disposition: null, Note: null },
        },
      }),
    );
    list = applyEventToAlarms(
      list,
      ev({
        type: 'ALARM-NOTE',
        id: 41,
        Payload: { NotificationId: 12, Note: { NoteId: 8, Note: 'On site', By: 'Op', AtUTC: '2026-03-01T10:02:00.000Z' } },
      }),
    );
    expect(list.find((a) => a.notificationId === 11)!.acknowledged!.byName).toBe('Op');
    expect(list.find((a) => a.notificationId === 12)!.notes).toEqual([{ noteId: 8, note: 'On site', by: 'Op' }]);
    expect(sortAlarms(list).map((a) => a.notificationId)).toEqual([12, 11]);
  });
});
