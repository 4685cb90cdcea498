/**
 * The socket's cache of names (event-names.ts) on a real database: names are read once and kept
 * for EVENT_NAMES_TTL_MS (a rename shows after it, or at once after invalidate()); and the event
 * presenter gives the contract's payloads, also for acknowledgements logged in the old form.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '../../db/client.js';
import { DB_KINDS, startTestServer, type TestServer } from '../../../test/helpers.js';
import { EventNames } from './event-names.js';
import { presentEvent, type EventRow } from './event.presenter.js';

describe.each(DB_KINDS)('event names on %s', (kind) => {
  let server: TestServer;
  let ids: { branchOfficeId: number; organizationId: number; regionalOfficeId: number };
  let names: { branch: string; organization: string; region: string; zone: string };
  beforeAll(async () => {
    server = await startTestServer(kind);
    const [b] = await rows<{
      id: number;
      organization_id: number;
      regional_office_id: number;
      name: string;
      time_zone: string;
      org: string;
      region: string;
    }>(
      server.database.db,
      sql`select b.id, b.organization_id, b.regional_office_id, b.name, b.time_zone, o.name as org, r.name as region
          from branch_offices b join organizations o on o.id = b.organization_id join offices r on r.id = b.regional_office_id
          order by b.id limit 1`,
    );
    ids = { branchOfficeId: b!.id, organizationId: b!.organization_id, regionalOfficeId: b!.regional_office_id };
    names = { branch: b!.name, organization: b!.org, region: b!.region, zone: b!.time_zone };
  });
  afterAll(async () => server?.close());

  const rename = async (suffix: string) => {
    const db = server.database.db;
    await db.execute(sql`update branch_offices set name = ${names.branch + suffix} where id = ${ids.branchOfficeId}`);
    await db.execute(sql`update organizations set name = ${names.organization + suffix} where id = ${ids.organizationId}`);
    await db.execute(sql`update offices set name = ${names.region + suffix} where id = ${ids.regionalOfficeId}`);
  };

  it('reads the names an event needs, keeps them for the TTL, and reads them again after it or after invalidate()', async () => {
    let now = 1_000_000;
    const cache = new EventNames(server.database.db, 5_000, () => now);
    expect(cache.branch(ids.branchOfficeId)).toBeNull();
    await cache.load([ids, { branchOfficeId: null, organizationId: null, regionalOfficeId: null }]);
    expect(cache.branch(ids.branchOfficeId)).toEqual({ name: names.branch, timeZone: names.zone, typeDisplay: expect.any(String) });
    expect(cache.organization(ids.organizationId)).toBe(names.organization);
    expect(cache.region(ids.regionalOfficeId)).toBe(names.region);
    expect(cache.branch(null)).toBeNull();

    await rename(' (renamed)');
    try {
      now += 4_999;
      await cache.load([ids]);
      expect(cache.branch(ids.branchOfficeId)!.name).toBe(names.branch);
      expect(cache.organization(ids.organizationId)).toBe(names.organization);
      now += 1;
      await cache.load([ids]);
      expect(cache.branch(ids.branchOfficeId)!.name).toBe(`${names.branch} (renamed)`);
      expect(cache.organization(ids.organizationId)).toBe(`${names.organization} (renamed)`);
      expect(cache.region(ids.regionalOfficeId)).toBe(`${names.region} (renamed)`);

      await rename(' (again)');
      cache.invalidate();
      expect(cache.branch(ids.branchOfficeId)).toBeNull();
      await cache.load([ids]);
      expect(cache.branch(ids.branchOfficeId)!.name).toBe(`${names.branch} (again)`);
    } finally {
      await rename('');
    }
  });

  it('remembers an id that has no row as nameless until it is stale', async () => {
    const cache = new EventNames(server.database.db);
    await cache.load([{ branchOfficeId: 999_999, organizationId: 999_999, regionalOfficeId: 999_999 }]);
    expect(cache.branch(999_999)).toBeNull();
    expect(cache.organization(999_999)).toBeNull();
    expect(cache.region(999_999)).toBeNull();
  });

  it('presents the contract payloads, also for acknowledgements and notes logged in the old form; undeclared kinds are not sent', async () => {
    const cache = new EventNames(server.database.db);
    await cache.load([ids]);
    const row = (kind: string, payload: Record<string, unknown>): EventRow => ({
      id: 41,
      kind,
      audience: 'all',
      recipientUserIds: null,
      ...ids,
      branchAction: 'Panic',
      notificationType: null,
      isTestNotification: false,
      isClosedBySystem: false,
      securityAlert: false,
      userId: null,
      name: null,
      surname: null,
      latitude: null,
      longitude: null,
      messageContent: null,
      occurredAt: new Date('2026-03-01T10:00:00.000Z'),
      createdAt: new Date('2026-03-01T10:00:00.010Z'),
      payload,
    });
    const ack = presentEvent(
      row('ALARM_ACK', {
        notificationId: 40,
        acknowledgedBy: 9,
        acknowledgedByName: 'Op Erator',
        acknowledgedAt: '2026-03-01T10:00:00.000Z',
      }),
      cache,
    );
    expect(ack).toMatchObject({
      type: 'ALARM-ACK',
      id: 41,
      BranchOfficeName: names.branch,
      OrganizationName: names.organization,
      RegionalOfficeName: names.region,
      BranchOfficeTimeZone: names.zone,
      Payload: {
        NotificationId: 40,
        Acknowledged: { UserId: 9, Name: 'Op Erator', AtUTC: '2026-03-01T10:00:00.000Z', Disposition: null, Note: null },
      },
    });
    expect(presentEvent(row('ALARM_NOTE', { notificationId: 40, noteId: 3, note: 'Called', by: 'Op Erator' }), cache)!.Payload).toEqual({
      NotificationId: 40,
      Note: { NoteId: 3, Note: 'Called', By: 'Op Erator', AtUTC: '2026-03-01T10:00:00.000Z' },
    });
    const before13 = { NotificationId: 40, Acknowledged: { UserId: 9, Name: 'Op Erator', AtUTC: '2026-03-01T10:00:00.000Z' } };
    expect(presentEvent(row('ALARM_ACK', before13), cache)!.Payload).toEqual({
      NotificationId: 40,
      Acknowledged: { ...before13.Acknowledged, Disposition: null, Note: null },
    });
    const current = {
      NotificationId: 40,
      Acknowledged: { UserId: 9, Name: 'Op Erator', AtUTC: '2026-03-01T10:00:00.000Z', Disposition: 'test', Note: 'Drill' },
    };
    expect(presentEvent(row('ALARM_ACK', current), cache)!.Payload).toEqual(current);
    expect(presentEvent(row('TEST', {}), cache)).toBeUndefined();
    // The message's own fields come first (clients find messages in a frame by `{"type":…,"id":…`).
    expect(JSON.stringify(presentEvent(row('BRANCH_ACTION', {}), cache))).toMatch(/^\{"type":"BRANCH-ACTION","id":41,/);
  });
});
