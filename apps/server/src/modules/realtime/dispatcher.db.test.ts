/**
 * The dispatcher's fan-out against a real database (PGlite, and PostgreSQL when TEST_DATABASE_URL
 * is set): every console gets every batch once and in order, OFFER_SLICE consoles at a time with a
 * turn of the event loop between slices, so that requests (an alarm's answer) are not held behind
 * a thousand socket writes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventKind } from '@vigil/contract';
import { organizations } from '../../db/schema/index.js';
import { DB_KINDS, startTestServer, type TestServer } from '../../../test/helpers.js';
import { OFFER_SLICE, type DispatchBatch, type EventSink } from './dispatcher.js';
import { commitWithEvents } from './event-log.js';

describe.each(DB_KINDS)('dispatcher fan-out on %s', (kind) => {
  let server: TestServer;
  let organizationId: number;
  beforeAll(async () => {
    server = await startTestServer(kind, {}, { seed: false });
    const [org] = await server.database.db.insert(organizations).values({ name: 'Fan-out Bank' }).returning({ id: organizations.id });
    organizationId = org!.id;
  });
  afterAll(async () => server?.close());

  it('offers every batch to every console once, in order, a slice at a time with the event loop turning between slices', async () => {
    // Turns of the event loop, counted by a chain of setImmediate callbacks.
    let turns = 0;
    let spinning = true;
    const spin = () => {
      turns++;
      if (spinning) setImmediate(spin);
    };
    const consoles = Array.from({ length: OFFER_SLICE * 2 + 30 }, () => ({
      ids: [] as number[],
      /** Per batch offered: its last id and the turn count when it was offered. */
      offers: [] as { lastId: number; turn: number }[],
    }));
    const sinks: EventSink[] = consoles.map((c) => ({
      offer(batch: DispatchBatch) {
        c.ids.push(...batch.events.map((e) => e.id));
        c.offers.push({ lastId: batch.lastId, turn: turns });
      },
    }));
    for (const s of sinks) server.app.dispatcher.add(s);
    setImmediate(spin);
    try {
      const written: number[] = [];
      for (let round = 0; round < 4; round++) {
        const rows = Array.from({ length: 3 }, (_, i) => ({
          kind: EventKind.Notification,
          organizationId,
          branchAction: 'Trouble',
          notificationType: 1,
          payload: { round, i },
        }));
        written.push(...(await commitWithEvents(server.app, [], rows)));
      }
      for (let i = 0; i < 200 && consoles.some((c) => c.ids.length < written.length); i++) await new Promise((r) => setTimeout(r, 25));

      for (const c of consoles) expect(c.ids).toEqual(written); // each once, in commit order
      const batches = consoles[0]!.offers.map((o) => o.lastId);
      for (const c of consoles) expect(c.offers.map((o) => o.lastId)).toEqual(batches); // same batches, none overtaking
      // Within a batch: the consoles of one slice in the same turn, each next slice in a later one.
      for (let b = 0; b < batches.length; b++) {
        const turnOf = (i: number) => consoles[i]!.offers[b]!.turn;
        expect(turnOf(OFFER_SLICE - 1)).toBe(turnOf(0));
        expect(turnOf(OFFER_SLICE)).toBeGreaterThan(turnOf(OFFER_SLICE - 1));
        expect(turnOf(2 * OFFER_SLICE - 1)).toBe(turnOf(OFFER_SLICE));
        expect(turnOf(2 * OFFER_SLICE)).toBeGreaterThan(turnOf(2 * OFFER_SLICE - 1));
      }
    } finally {
      spinning = false;
      for (const s of sinks) server.app.dispatcher.remove(s);
    }
  });
});
