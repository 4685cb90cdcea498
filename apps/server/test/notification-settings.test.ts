/**
 * Notification settings (spec §7 updateDndNotifications, updatenotificationsettingsweb,
 * updatenotificationsallowed; docs/API.md "Notification settings"): stored per user on the server,
 * read back after a new sign-in; roles 5 and 8 always have panic and emergency sounding; bad input
 * answers 400 and changes nothing; the pure DnD and alert rules.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertAllowed, defaultNotificationSettings, inDoNotDisturb, type NotificationSettings } from '@vigil/contract';
import { ApiClient, DB_KINDS, startTestServer, type TestServer } from './helpers.js';

type Answer = { NotificationSettings: NotificationSettings };

describe('do-not-disturb and alert rules', () => {
  const dnd = { Enabled: true, From: '22:00', To: '07:00', TimeZone: 'Europe/Tirane' };
  it('holds inside a window crossing midnight, in the window zone', () => {
    expect(inDoNotDisturb(dnd, new Date('2026-01-10T22:30:00Z'))).toBe(true); // 23:30 in Tirana
    expect(inDoNotDisturb(dnd, new Date('2026-01-10T05:59:00Z'))).toBe(true); // 06:59
    expect(inDoNotDisturb(dnd, new Date('2026-01-10T06:00:00Z'))).toBe(false); // 07:00
    expect(inDoNotDisturb({ ...dnd, Enabled: false }, new Date('2026-01-10T22:30:00Z'))).toBe(false);
    expect(inDoNotDisturb({ ...dnd, From: '09:00', To: '17:00' }, new Date('2026-01-10T10:00:00Z'))).toBe(true);
  });
  it('silences what is switched off or in DnD, but never panic or emergency for roles 5 and 8', () => {
    const night = new Date('2026-01-10T23:00:00Z');
    const off = (roleId: number): NotificationSettings => {
      const s = defaultNotificationSettings(roleId);
      s.NotificationDoNotDisturb = dnd;
      s.Web.panic = { Popup: false, Sound: false };
      s.Allowed.emergency = false;
      return s;
    };
    expect(alertAllowed(off(8), 'panic', 'Sound', night)).toBe(true);
    expect(alertAllowed(off(5), 'emergency', 'Sound', night)).toBe(true);
    expect(alertAllowed(off(8), 'alarm', 'Sound', night)).toBe(false);
    expect(alertAllowed(off(2), 'panic', 'Sound', night)).toBe(false);
    expect(alertAllowed(off(2), 'emergency', 'Sound', new Date('2026-01-10T12:00:00Z'))).toBe(false);
    expect(alertAllowed(off(2), 'alarm', 'Sound', new Date('2026-01-10T12:00:00Z'))).toBe(true);
  });
});

describe.each(DB_KINDS)('notification settings on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind, { LOGIN_RATE_MAX: '1000' });
  });
  afterAll(async () => {
    await server?.close();
  });
  const login = async (email: string) => {
    const c = new ApiClient(server.baseUrl);
    await c.login(email);
    return c;
  };

  it('saves web, allowed and DnD settings on the server, per user, and reads them after a new sign-in', async () => {
    const a = await login('manager@example.com');
    const first = await a.post<Answer>('/api/client/updatenotificationsallowed', { case: 'GET-SETTINGS' });
    expect(first.status).toBe(200);
    expect(first.json.body!.NotificationSettings.Web.alarm).toEqual({ Popup: true, Sound: true });
    // Branch openings, closings and visits do not pop up until the user asks for them.
    expect(first.json.body!.NotificationSettings.Web.other).toEqual({ Popup: false, Sound: true });
    expect(first.json.body!.NotificationSettings.AlwaysSound).toEqual([]);

    const web = await a.post<Answer>('/api/client/updatenotificationsettingsweb', {
      case: 'UPDATE-NOTIFICATION-SETTINGS-WEB',
      settingsObject: JSON.stringify({ alarm: { Popup: true, Sound: false }, chat: { Popup: false, Sound: false } }),
    });
    expect(web.status).toBe(200);
    expect(web.json.description).toBe('Notification settings saved');
    const allowed = await a.post('/api/client/updatenotificationsallowed', { case: 'UPDATE-ALLOWED', allowed: { anomaly: false } });
    expect(allowed.status).toBe(200);
    const dnd = await a.post('/api/client/updateDndNotifications', {
      case: 'UPDATE-DND-NOTIFICATIONS',
      settingsObject: JSON.stringify({ Enabled: true, From: '21:30', To: '06:45', TimeZone: 'Europe/Tirane' }),
    });
    expect(dnd.status).toBe(200);

    const again = await login('manager@example.com');
    const s = (await again.post<Answer>('/api/client/updatenotificationsettingsweb', { case: 'GET-NOTIFICATION-SETTINGS-WEB' })).json.body!
      .NotificationSettings;
    expect(s.Web.alarm).toEqual({ Popup: true, Sound: false });
    expect(s.Web.chat).toEqual({ Popup: false, Sound: false });
    expect(s.Web.panic).toEqual({ Popup: true, Sound: true });
    expect(s.Allowed.anomaly).toBe(false);
    expect(s.Allowed.alarm).toBe(true);
    expect(s.NotificationDoNotDisturb).toEqual({ Enabled: true, From: '21:30', To: '06:45', TimeZone: 'Europe/Tirane' });
    const onlyAllowed = await again.post<{ AllowedNotifications: Record<string, boolean> }>('/api/client/updatenotificationsallowed', {
      case: 'GET-ALLOWED',
    });
    expect(onlyAllowed.json.body!.AllowedNotifications.anomaly).toBe(false);

    // Another user's settings are their own; the operator always hears panic and emergency.
    const op = await login('operator@example.com');
    const os = (await op.post<Answer>('/api/client/updatenotificationsallowed', { case: 'GET-SETTINGS' })).json.body!.NotificationSettings;
    expect(os.Web.alarm).toEqual({ Popup: true, Sound: true });
    expect(os.AlwaysSound).toEqual(['panic', 'emergency']);
  });

  it('refuses bad input with a clear message and changes nothing', async () => {
    const a = await login('regional@example.com');
    const get = async () =>
      (await a.post<Answer>('/api/client/updatenotificationsallowed', { case: 'GET-SETTINGS' })).json.body!.NotificationSettings;
    const before = await get();
    const bad: [string, unknown, string][] = [
      [
        '/api/client/updateDndNotifications',
        { case: 'UPDATE-DND-NOTIFICATIONS', settingsObject: '{nope' },
        'settingsObject must be JSON text of the settings',
      ],
      [
        '/api/client/updateDndNotifications',
        {
          case: 'UPDATE-DND-NOTIFICATIONS',
          settingsObject: JSON.stringify({ Enabled: true, From: '25:00', To: '06:00', TimeZone: 'UTC' }),
        },
        '',
      ],
      [
        '/api/client/updateDndNotifications',
        {
          case: 'UPDATE-DND-NOTIFICATIONS',
          settingsObject: JSON.stringify({ Enabled: true, From: '22:00', To: '06:00', TimeZone: 'Mars/Base' }),
        },
        '',
      ],
      [
        '/api/client/updatenotificationsettingsweb',
        { case: 'UPDATE-NOTIFICATION-SETTINGS-WEB', settingsObject: JSON.stringify({ alarm: { Popup: 'yes' } }) },
        '',
      ],
      ['/api/client/updatenotificationsallowed', { case: 'UPDATE-ALLOWED', allowed: { alarm: 'no' } }, ''],
      ['/api/client/updatenotificationsallowed', { case: 'SOMETHING' }, ''],
    ];
    for (const [path, body, text] of bad) {
      const res = await a.post(path, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.description).toBeTruthy();
      if (text) expect(res.json.description).toBe(text);
    }
    expect(await get()).toEqual(before);
  });
});
