/** applyTimerEvent (spec §4 Timers): start adds once, a ping appends and moves LastPingUTC, the expiry alarm marks Alerted, stop removes; unknown timers ask for a re-read. */
import { describe, expect, it } from 'vitest';
import type { RunningTimer, SocketEvent } from '@vigil/contract';
import { applyTimerEvent, isTimerEvent, pingAgeSeconds, secondsLeft, timerState } from './api';

const base = {
  NotificationId: 1,
  id: 1,
  LoggedAtUTC: '2026-11-23T10:00:00.000Z',
  BranchAction: null,
  NotificationType: null,
  RegionalOfficeId: 3,
  RegionalOfficeName: 'TIR',
  UserId: 7,
  Name: 'Klodian',
  Surname: 'Marku',
  BranchOfficeId: 5,
  BranchOfficeName: 'Dega',
  BranchOfficeDst: 'CET',
  BranchOfficeTimeZone: 'Europe/Tirane',
  BranchOfficeTypeDisplay: null,
  OrganizationId: 1,
  OrganizationName: 'Bank',
  IsClosedBySystemData: false,
  IsTestNotification: false,
  NotificationTimeAddedUTC: '2026-11-23T10:00:00.000Z',
  SecurityAlert: false,
  Latitude: 41.3,
  Longitude: 19.8,
  MessageContent: null,
};
const ev = (e: Record<string, unknown>) => ({ ...base, ...e }) as unknown as SocketEvent;
const start = ev({
  type: 'START',
  Payload: { timerId: 9, timerForAction: 'Cash', durationSeconds: 600, expiresAt: '2026-11-23T10:10:00.000Z' },
});

describe('applyTimerEvent', () => {
  it('start adds once with the first trail point; ping appends; alarm marks Alerted; stop removes', () => {
    const one = applyTimerEvent([], start)!;
    expect(one).toHaveLength(1);
    expect(one[0]).toMatchObject({
      TimerId: 9,
      Name: 'Klodian',
      BranchOfficeId: 5,
      Alerted: false,
      LastPingUTC: base.NotificationTimeAddedUTC,
    });
    expect(one[0]!.Trail).toHaveLength(1);
    expect(applyTimerEvent(one, start)).toBe(one);
    const at = '2026-11-23T10:01:00.000Z';
    const pinged = applyTimerEvent(
      one,
      ev({ type: 'CHECKINOUT', NotificationTimeAddedUTC: at, Latitude: 41.31, Payload: { timerId: 9, horizontalAccuracy: 4 } }),
    )!;
    expect(pinged[0]!.LastPingUTC).toBe(at);
    expect(pinged[0]!.Trail.map((p) => p.Latitude)).toEqual([41.3, 41.31]);
    const alarm = ev({ type: 'NOTIFICATION', BranchAction: 'Timer Expired', Payload: { timerId: 9, alerted: true } });
    expect(isTimerEvent(alarm)).toBe(true);
    expect(applyTimerEvent(pinged, alarm)![0]!.Alerted).toBe(true);
    expect(applyTimerEvent(pinged, ev({ type: 'STOP-CHECKINOUT-PINGS', Payload: { timerId: 9, safeStopped: true } }))).toEqual([]);
  });

  it('a ping or alarm of a timer not in the list asks for a re-read (null); other events change nothing', () => {
    expect(applyTimerEvent([], ev({ type: 'CHECKINOUT', Payload: { timerId: 4, horizontalAccuracy: null } }))).toBeNull();
    expect(applyTimerEvent([], ev({ type: 'NOTIFICATION', Payload: { timerId: 4, alerted: true } }))).toBeNull();
    const rows: RunningTimer[] = [];
    const duress = ev({ type: 'NOTIFICATION', Payload: { silent: true, timerId: 4 } });
    expect(isTimerEvent(duress)).toBe(false);
    expect(applyTimerEvent(rows, duress)).toBe(rows);
  });

  it('state: running, expiring in the last minutes, alarm when run out or alerted', () => {
    const [r] = applyTimerEvent([], start)!;
    const exp = Date.parse('2026-11-23T10:10:00.000Z');
    expect(timerState(r!, exp - 600_000, 120)).toBe('running');
    expect(timerState(r!, exp - 120_000, 120)).toBe('expiring');
    expect(timerState(r!, exp, 120)).toBe('alarm');
    expect(timerState({ ...r!, Alerted: true }, exp - 600_000, 120)).toBe('alarm');
    expect(secondsLeft(r!, exp - 1500)).toBe(2);
    // A clock read just before the start never shows more than the duration.
    expect(secondsLeft(r!, exp - r!.DurationSeconds * 1000 - 800)).toBe(r!.DurationSeconds);
    expect(pingAgeSeconds(r!, Date.parse(base.NotificationTimeAddedUTC) + 3_900)).toBe(3);
  });
});
