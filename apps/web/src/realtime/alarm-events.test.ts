import { describe, expect, it } from 'vitest';
import { applyEventToAlarms, isAlarmEvent, sortAlarms, soundsAlert, type Alarm } from './alarm-events';
import { ev } from './test-events';

const panic = ev({ type: 'NOTIFICATION', id: 20, BranchAction: 'Panic', NotificationType: 10, SecurityAlert: true });
const trouble = ev({
  type: 'NOTIFICATION',
  id: 21,
  BranchAction: 'Trouble',
  NotificationType: 2,
  NotificationTimeAddedUTC: '2026-03-01T09:00:00.000Z',
});

describe('alarm events', () => {
  it('recognises alarms: panic, alarm and emergency families and security alerts; not anomalies', () => {
    expect(isAlarmEvent(panic)).toBe(true);
    expect(isAlarmEvent(trouble)).toBe(true);
    expect(
      isAlarmEvent(ev({ type: 'NOTIFICATION', id: 1, BranchAction: 'Timer Expired', NotificationType: 99, SecurityAlert: true })),
    ).toBe(true);
    expect(isAlarmEvent(ev({ type: 'NOTIFICATION', id: 2, BranchAction: 'Duress', NotificationType: 11, SecurityAlert: true }))).toBe(true);
    expect(isAlarmEvent(ev({ type: 'NOTIFICATION', id: 3, BranchAction: 'Not Opened', NotificationType: 0 }))).toBe(false);
    expect(isAlarmEvent(ev({ type: 'BRANCH-ACTION', id: 4, BranchAction: 'Open' }))).toBe(false);
  });
  it('sounds for real alarms only, never for test notifications', () => {
    expect(soundsAlert(panic)).toBe(true);
    expect(soundsAlert(trouble)).toBe(true);
    expect(soundsAlert({ ...panic, IsTestNotification: true })).toBe(false);
    expect(soundsAlert(ev({ type: 'NOTIFICATION', id: 3, BranchAction: 'Not Opened', NotificationType: 0 }))).toBe(false);
  });
  it('adds an alarm once, then applies acknowledgement and notes', () => {
    let list: Alarm[] = applyEventToAlarms(undefined, panic);
    expect(applyEventToAlarms(list, panic)).toBe(list);
    expect(list[0]).toMatchObject({
      notificationId: 20,
      branchName: 'Tirana Center',
      action: 'Panic',
      raisedBy: 'Ana Hoxha',
      acknowledged: null,
    });
    list = applyEventToAlarms(
      list,
      ev({
        type: 'ALARM-ACK',
        id: 30,
        Payload: {
          NotificationId: 20,
          Acknowledged: { UserId: 9, Name: 'Op Erator', AtUTC: '2026-03-01T10:01:00.000Z', Disposition: null, Note: null },
        },
      }),
    );
    expect(list[0]!.acknowledged).toEqual({ by: 9, byName: 'Op Erator', at: '2026-03-01T10:01:00.000Z' });
    // a second acknowledgement does not replace the first
    expect(
      applyEventToAlarms(
        list,
        ev({
          type: 'ALARM-ACK',
          id: 31,
          Payload: {
            NotificationId: 20,
            Acknowledged: { UserId: 10, Name: 'X', AtUTC: '2026-03-01T10:02:00.000Z', Disposition: null, Note: null },
          },
        }),
      ),
    ).toBe(list);
    list = applyEventToAlarms(
      list,
      ev({
        type: 'ALARM-NOTE',
        id: 32,
        Payload: { NotificationId: 20, Note: { NoteId: 3, Note: 'Police called', By: 'Op Erator', AtUTC: '2026-03-01T10:03:00.000Z' } },
      }),
    );
    list = applyEventToAlarms(
      list,
      ev({
        type: 'ALARM-NOTE',
        id: 33,
        Payload: { NotificationId: 20, Note: { NoteId: 3, Note: 'Police called', By: 'Op Erator', AtUTC: '2026-03-01T10:03:00.000Z' } },
      }),
    );
    expect(list[0]!.notes).toEqual([{ noteId: 3, note: 'Police called', by: 'Op Erator' }]);
    // events about unknown alarms leave the list alone
    const unknown = {
      NotificationId: 999,
      Acknowledged: { UserId: 9, Name: 'Op Erator', AtUTC: '2026-03-01T10:04:00.000Z', Disposition: null, Note: null },
    };
    expect(applyEventToAlarms(list, ev({ type: 'ALARM-ACK', id: 34, Payload: unknown }))).toBe(list);
  });
  it('orders unacknowledged first, then by priority, then oldest first', () => {
    let list: Alarm[] = [];
    const old = ev({
      type: 'NOTIFICATION',
      id: 40,
      BranchAction: 'Alarm',
      NotificationType: 15,
      NotificationTimeAddedUTC: '2026-03-01T08:00:00.000Z',
    });
    const emergency = ev({
      type: 'NOTIFICATION',
      id: 41,
      BranchAction: 'Emergency',
      NotificationType: 12,
      SecurityAlert: true,
      NotificationTimeAddedUTC: '2026-03-01T11:00:00.000Z',
    });
    const other = ev({
      type: 'NOTIFICATION',
      id: 42,
      BranchAction: 'Something',
      NotificationType: 15,
      NotificationTimeAddedUTC: '2026-03-01T07:00:00.000Z',
    });
    for (const e of [panic, trouble, old, emergency, other]) list = applyEventToAlarms(list, e);
    list = applyEventToAlarms(
      list,
      ev({
        type: 'ALARM-ACK',
        id: 50,
        Payload: {
          NotificationId: 20,
          Acknowledged: { UserId: 1, Name: 'A', AtUTC: '2026-03-01T11:30:00.000Z', Disposition: null, Note: null },
        },
      }),
    );
    expect(sortAlarms(list).map((a) => a.notificationId)).toEqual([41, 42, 40, 21, 20]);
  });
});
