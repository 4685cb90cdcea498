import { describe, expect, it } from 'vitest';
import type { AlarmIncident, NotificationRow } from '@vigil/contract';
import { ev } from './test-events';
import { applyEventToIncident, concernsIncident, finishIncidentRead, holdForIncidentRead, startIncidentRead } from './incident-events';

function incident(): AlarmIncident {
  const alarm = ev({ type: 'NOTIFICATION', id: 100, BranchAction: 'Panic', NotificationType: 10 }) as unknown as NotificationRow;
  return {
    Alarm: alarm,
    Branch: { BranchOfficeId: 7 } as AlarmIncident['Branch'],
    People: [],
    Phrases: null,
    Figures: {
      SignalAtUTC: '2026-03-01T10:00:00.000Z',
      ShownAtUTC: '2026-03-01T10:00:00.050Z',
      AcknowledgedAtUTC: null,
      ClosedAtUTC: null,
      SignalToShownSeconds: 0,
      ShownToAcknowledgedSeconds: null,
      AcknowledgedToClosedSeconds: null,
    },
    Timeline: [ev({ type: 'NOTIFICATION', id: 100 }), ev({ type: 'CHECK-IN', id: 105 })],
    TimelineTruncated: false,
  };
}

describe('incident timeline from socket events', () => {
  it('takes events at its branch from the alarm on, in id order, once', () => {
    const inc = incident();
    const late = ev({ type: 'BRANCH-ACTION', id: 110, BranchAction: 'Open' });
    const between = ev({ type: 'VAULT-ACCESS', id: 103 });
    const after = applyEventToIncident(applyEventToIncident(inc, late), between)!;
    expect(after.Timeline.map((e) => e.id)).toEqual([100, 103, 105, 110]);
    expect(applyEventToIncident(after, late)).toBe(after);
  });

  it('ignores other branches, earlier events and timer pings', () => {
    const inc = incident();
    expect(concernsIncident(inc, ev({ type: 'BRANCH-ACTION', id: 120, BranchOfficeId: 8 }))).toBe(false);
    expect(applyEventToIncident(inc, ev({ type: 'BRANCH-ACTION', id: 99 }))).toBe(inc);
    expect(applyEventToIncident(inc, ev({ type: 'CHECKINOUT', id: 130 }))).toBe(inc);
    expect(applyEventToIncident(undefined, ev({ type: 'BRANCH-ACTION', id: 120 }))).toBeUndefined();
  });

  it("updates the alarm's note list, acknowledgement and figures from its own events", () => {
    const note = ev({
      type: 'ALARM-NOTE',
      id: 106,
      Payload: { NotificationId: 100, Note: { NoteId: 1, Note: 'Called', By: 'Arta Leka', AtUTC: '2026-03-01T10:01:00.000Z' } },
    });
    const ack = ev({
      type: 'ALARM-ACK',
      id: 107,
      Payload: {
        NotificationId: 100,
        Acknowledged: { UserId: 3, Name: 'Arta Leka', AtUTC: '2026-03-01T10:02:00.050Z', Disposition: 'test', Note: 'n' },
      },
    });
    const after = applyEventToIncident(applyEventToIncident(incident(), note), ack)!;
    expect(after.Alarm.Notes.map((n) => n.Note)).toEqual(['Called']);
    expect(after.Alarm.Acknowledged?.Name).toBe('Arta Leka');
    expect(after.Figures).toMatchObject({
      AcknowledgedAtUTC: '2026-03-01T10:02:00.050Z',
      ClosedAtUTC: '2026-03-01T10:02:00.050Z',
      ShownToAcknowledgedSeconds: 120,
      AcknowledgedToClosedSeconds: 0,
    });
    // Another alarm's acknowledgement at the branch joins the timeline only.
    const other = ev({
      type: 'ALARM-ACK',
      id: 108,
      Payload: {
        NotificationId: 104,
        Acknowledged: { UserId: 3, Name: 'X', AtUTC: '2026-03-01T10:03:00.000Z', Disposition: null, Note: null },
      },
    });
    const withOther = applyEventToIncident(incident(), other)!;
    expect(withOther.Alarm.Acknowledged).toBeNull();
    expect(withOther.Timeline.at(-1)?.id).toBe(108);
  });
});

describe('events during a read of the incident', () => {
  it('are applied to its answer, so an answer older than them loses none', () => {
    startIncidentRead(100);
    holdForIncidentRead(100, ev({ type: 'BRANCH-ACTION', id: 111, BranchAction: 'Open' }));
    holdForIncidentRead(100, ev({ type: 'CHECK-IN', id: 105 })); // already in the answer
    holdForIncidentRead(100, ev({ type: 'BRANCH-ACTION', id: 112, BranchOfficeId: 9 })); // another branch
    const answer = finishIncidentRead(100, incident());
    expect(answer.Timeline.map((e) => e.id)).toEqual([100, 105, 111]);
    // Nothing is held once the read is done.
    holdForIncidentRead(100, ev({ type: 'BRANCH-ACTION', id: 113 }));
    expect(finishIncidentRead(100, incident()).Timeline.map((e) => e.id)).toEqual([100, 105]);
  });
});
