/** Pre-framed fan-out (dispatcher.ts): frames a real ws client reads, and per-scope batches. */
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import type { SocketEvent } from '@vigil/contract';
import { DispatchBatch, textFrame, type SocketScope } from './dispatcher.js';

describe('textFrame', () => {
  it('writes frames with 7-bit, 16-bit and 64-bit lengths that a WebSocket client reads back in order', async () => {
    const texts = ['{}', 'é'.repeat(100), 'x'.repeat(300), 'y'.repeat(65_535), 'z'.repeat(70_000)];
    const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
    wss.on('connection', (ws) => {
      const tcp = (ws as unknown as { _socket: { write(b: Buffer): boolean } })._socket;
      tcp.write(Buffer.concat(texts.map(textFrame)));
    });
    await new Promise((r) => wss.once('listening', r));
    const got: string[] = [];
    const client = new WebSocket(`ws://127.0.0.1:${(wss.address() as AddressInfo).port}`);
    await new Promise<void>((resolve, reject) => {
      client.on('message', (data, isBinary) => {
        expect(isBinary).toBe(false);
        got.push(String(data));
        if (got.length === texts.length) resolve();
      });
      client.on('error', reject);
    });
    client.close();
    await new Promise((r) => wss.close(r));
    expect(got).toEqual(texts);
  });
});

describe('DispatchBatch', () => {
  const event = (id: number, BranchOfficeId: number | null, OrganizationId: number) =>
    ({ id, BranchOfficeId, OrganizationId }) as SocketEvent;
  const events = [event(10, 1, 100), event(11, 2, 100), event(12, null, 100), event(13, 3, 200)];
  const batch = new DispatchBatch(
    events,
    events.map((e) => JSON.stringify({ id: e.id })),
  );
  const ids = (buf: Buffer) => [...buf.toString('latin1').matchAll(/"id":(\d+)/g)].map((m) => Number(m[1]));
  /** The payloads of the frames in `buf` (all short: 7-bit lengths). */
  const payloads = (buf: Buffer) => {
    const out: string[] = [];
    for (let at = 0; at < buf.length; at += 2 + buf[at + 1]!) out.push(buf.toString('utf8', at + 2, at + 2 + buf[at + 1]!));
    return out;
  };

  it('gives each scope only its events, branch events by branch and the others by organisation', () => {
    const scope: SocketScope = { branchIds: new Set([1, 3]), organizationIds: new Set([100]), security: false };
    expect(ids(batch.framesFor(scope))).toEqual([10, 12, 13]);
    expect(ids(batch.framesFor({ branchIds: new Set([2]), organizationIds: new Set(), security: false }))).toEqual([11]);
    expect(batch.framesFor({ branchIds: new Set([9]), organizationIds: new Set([9]), security: false }).length).toBe(0);
  });

  it('writes one frame per event, or for a batch client one frame holding them as an array', () => {
    const scope: SocketScope = { branchIds: new Set([1, 3]), organizationIds: new Set([100]), security: false };
    expect(payloads(batch.framesFor(scope))).toEqual(['{"id":10}', '{"id":12}', '{"id":13}']);
    expect(payloads(batch.framesFor(scope, 0, true))).toEqual(['[{"id":10},{"id":12},{"id":13}]']);
    // A single event is a plain message in either mode.
    expect(payloads(batch.framesFor(scope, 12, true))).toEqual(['{"id":13}']);
  });

  it('builds a scope’s frames once per batch, and skips what a socket already had', () => {
    const scope: SocketScope = { branchIds: new Set([1, 2, 3]), organizationIds: new Set([100]), security: false };
    expect(batch.framesFor(scope)).toBe(batch.framesFor(scope));
    expect(ids(batch.framesFor(scope, 11))).toEqual([12, 13]);
    expect(batch.framesFor(scope, 0, true)).toBe(batch.framesFor(scope, 0, true));
    expect(batch.firstId).toBe(10);
    expect(batch.lastId).toBe(13);
  });

  describe('audiences and recipients', () => {
    const routed = [event(20, 1, 100), event(21, 1, 100), event(22, 1, 100), event(23, 2, 100)];
    const routedBatch = new DispatchBatch(
      routed,
      routed.map((e) => JSON.stringify({ id: e.id })),
      [
        { BranchOfficeId: 1, OrganizationId: 100, audience: 'all', recipients: null },
        { BranchOfficeId: 1, OrganizationId: 100, audience: 'security', recipients: [7] },
        { BranchOfficeId: 1, OrganizationId: 100, audience: 'none', recipients: [7, 8] },
        { BranchOfficeId: 2, OrganizationId: 100, audience: 'security', recipients: null },
      ],
    );
    const admin: SocketScope = { branchIds: new Set([1, 2]), organizationIds: new Set([100]), security: false };
    const operator: SocketScope = { branchIds: new Set([1, 2]), organizationIds: new Set([100]), security: true };
    const mobile: SocketScope = { branchIds: new Set(), organizationIds: new Set(), security: false };

    it("gives 'security' events to security consoles only and 'none' events to nobody by scope", () => {
      expect(ids(routedBatch.framesFor(admin, 0, false, 1))).toEqual([20]);
      expect(ids(routedBatch.framesFor(operator, 0, false, 2))).toEqual([20, 21, 23]);
    });

    it('gives a listed recipient its events whatever its scope, and a mobile socket only those', () => {
      expect(ids(routedBatch.framesFor(mobile, 0, false, 7))).toEqual([21, 22]);
      expect(ids(routedBatch.framesFor(mobile, 0, false, 8))).toEqual([22]);
      expect(routedBatch.framesFor(mobile, 0, false, 9).length).toBe(0);
      // A recipient's frames are its own: another user of the same scope does not get them.
      expect(ids(routedBatch.framesFor(admin, 0, false, 8))).toEqual([20, 22]);
      expect(ids(routedBatch.framesFor(admin, 0, false, 1))).toEqual([20]);
    });
  });
});
