/**
 * The tone follows the user's notification settings (spec §7 notification settings): a category
 * switched off or inside do-not-disturb is silent, but panic and emergency always sound for roles 5
 * and 8.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { defaultNotificationSettings } from '@vigil/contract';
import { setAlertPreferences } from '../shared/sound/alert-preferences';
import { soundHandler } from './handlers';
import { ev } from './test-events';
import type { EventContext } from './socket-client';

const panic = ev({ type: 'NOTIFICATION', id: 20, BranchAction: 'Panic', NotificationType: 10, SecurityAlert: true });
const trouble = ev({ type: 'NOTIFICATION', id: 21, BranchAction: 'Trouble', NotificationType: 2 });

function played(roleId: number, tweak: (s: ReturnType<typeof defaultNotificationSettings>) => void, e = trouble): boolean {
  const s = defaultNotificationSettings(roleId);
  tweak(s);
  setAlertPreferences(s);
  let n = 0;
  soundHandler(() => {
    n += 1;
    return true;
  })(e, {} as EventContext);
  return n === 1;
}

describe('soundHandler with notification settings', () => {
  afterEach(() => setAlertPreferences(null));
  it('plays by default and stays silent when the category sound is off or DnD holds', () => {
    expect(played(2, () => {})).toBe(true);
    expect(played(2, (s) => (s.Web.alarm = { Popup: true, Sound: false }))).toBe(false);
    expect(played(2, (s) => (s.Allowed.alarm = false))).toBe(false);
    expect(played(2, (s) => (s.NotificationDoNotDisturb = { Enabled: true, From: '00:00', To: '00:00', TimeZone: 'UTC' }))).toBe(false);
  });
  it('always plays panic for roles 5 and 8, not for others', () => {
    const silence = (s: ReturnType<typeof defaultNotificationSettings>) => {
      s.Web.panic = { Popup: false, Sound: false };
      s.NotificationDoNotDisturb = { Enabled: true, From: '00:00', To: '00:00', TimeZone: 'UTC' };
    };
    expect(played(8, silence, panic)).toBe(true);
    expect(played(5, silence, panic)).toBe(true);
    expect(played(2, silence, panic)).toBe(false);
  });
});
