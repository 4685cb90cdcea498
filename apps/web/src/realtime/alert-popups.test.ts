import { afterEach, describe, expect, it } from 'vitest';
import { defaultNotificationSettings, type SocketEvent } from '@vigil/contract';
import { setAlertPreferences } from '../shared/sound/alert-preferences';
import { MAX_POPUPS, clearPopups, dismissPopup, getPopups, popupHandler, popupOf, pushPopup, type AlertPopup } from './alert-popups';

const row = {
  type: 'NOTIFICATION',
  id: 41,
  LoggedAtUTC: '2026-11-23T10:00:00.000Z',
  NotificationId: 41,
  BranchAction: 'Panic',
  NotificationType: null,
  BranchOfficeName: 'Dega Skënderbej',
  Name: 'Ana',
  Surname: 'Hoxha',
  IsTestNotification: false,
  NotificationTimeAddedUTC: '2026-11-23T10:00:00.000Z',
  MessageContent: null,
  Payload: {},
} as unknown as SocketEvent;

describe('alert pop-ups (notification settings: Pop up)', () => {
  afterEach(() => {
    setAlertPreferences(null);
    clearPopups();
  });

  it('a live notification pops up with its category, a test or another event does not', () => {
    expect(popupOf(row)).toMatchObject({
      id: 41,
      category: 'panic',
      kind: 'notification',
      branchName: 'Dega Skënderbej',
      who: 'Ana Hoxha',
    });
    expect(popupOf({ ...row, IsTestNotification: true } as SocketEvent)).toBeNull();
    expect(popupOf({ ...row, type: 'TASK' } as SocketEvent)).toBeNull();
  });

  it('honours the settings: off for the category, not allowed, or replayed: no pop-up; panic always for roles 5 and 8', () => {
    const operator = defaultNotificationSettings(5, 'Europe/Tirane');
    const admin = defaultNotificationSettings(2, 'Europe/Tirane');
    const alarm = { ...row, id: 42, BranchAction: 'Alarm', NotificationType: 2 } as SocketEvent;
    const h = popupHandler();
    admin.Web.alarm = { Popup: false, Sound: true };
    setAlertPreferences(admin);
    h(alarm, { replay: false });
    expect(getPopups()).toEqual([]);
    admin.Web.alarm = { Popup: true, Sound: false };
    h(alarm, { replay: true });
    expect(getPopups()).toEqual([]);
    h(alarm, { replay: false });
    expect(getPopups().map((p) => p.id)).toEqual([42]);
    admin.Web.panic = { Popup: false, Sound: false };
    h(row, { replay: false });
    expect(getPopups().map((p) => p.id)).toEqual([42]);
    operator.Web.panic = { Popup: false, Sound: false };
    operator.Allowed.panic = false;
    setAlertPreferences(operator);
    h(row, { replay: false });
    expect(getPopups().map((p) => p.id)).toEqual([41, 42]);
  });

  it('keeps the newest MAX_POPUPS, one per event, and closes one', () => {
    const p = (id: number): AlertPopup => ({ ...popupOf(row)!, id });
    for (let i = 1; i <= MAX_POPUPS + 2; i++) pushPopup(p(i));
    pushPopup(p(MAX_POPUPS + 2));
    expect(getPopups().map((x) => x.id)).toEqual([5, 4, 3]);
    dismissPopup(4);
    expect(getPopups().map((x) => x.id)).toEqual([5, 3]);
  });
});
