import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SOCKET_DEAD_AFTER_MS, type SocketEvent } from '@vigil/contract';
import { RealtimeClient, socketUrl, type SocketLike } from './socket-client';
import type { RealtimeStatus } from './status-store';
import { ev } from './test-events';

class FakeSocket implements SocketLike {
  readyState = 0;
  sent: string[] = [];
  closed = false;
  onopen: ((ev: Event) => void) | null = null;
  onmessage: ((ev: MessageEvent) => void) | null = null;
  onclose: ((ev: CloseEvent) => void) | null = null;
  onerror: ((ev: Event) => void) | null = null;
  send(d: string) {
    this.sent.push(d);
  }
  close() {
    this.closed = true;
  }
  open() {
    this.readyState = 1;
    this.onopen?.({} as Event);
  }
  receive(m: unknown) {
    this.onmessage?.({ data: JSON.stringify(m) } as MessageEvent);
  }
  serverClose(code = 1006) {
    this.onclose?.({ code } as CloseEvent);
  }
}

function setup(last: number | null = null) {
  const sockets: FakeSocket[] = [];
  const statuses: RealtimeStatus[] = [];
  const events: { e: SocketEvent; replay: boolean }[] = [];
  let lastId = last;
  const expired = vi.fn();
  const client = new RealtimeClient({
    url: 'ws://x/_socket',
    token: 'tok-12345',
    userId: 3,
    getLastEventId: () => lastId,
    setLastEventId: (id) => (lastId = id),
    onEvent: (e, ctx) => events.push({ e, replay: ctx.replay }),
    onStatus: (s) => statuses.push(s),
    onSessionExpired: expired,
    createSocket: () => {
      const s = new FakeSocket();
      sockets.push(s);
      return s;
    },
    random: () => 0,
  });
  return { client, sockets, statuses, events, expired, last: () => lastId };
}

describe('RealtimeClient', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('builds ws and wss URLs', () => {
    expect(socketUrl({ protocol: 'http:', host: 'a:1' })).toBe('ws://a:1/_socket');
    expect(socketUrl({ protocol: 'https:', host: 'a' })).toBe('wss://a/_socket');
  });

  it('sends init with the last id, catches up, goes live, drops duplicates', () => {
    const t = setup(5);
    t.client.start();
    t.sockets[0]!.open();
    expect(JSON.parse(t.sockets[0]!.sent[0]!)).toEqual({ type: 'init', token: 'tok-12345', userId: 3, batch: true, lastEventId: 5 });
    expect(t.statuses.at(-1)).toBe('catching-up');
    t.sockets[0]!.receive(ev({ type: 'BRANCH-ACTION', id: 6, BranchAction: 'Open' }));
    t.sockets[0]!.receive(ev({ type: 'BRANCH-ACTION', id: 5, BranchAction: 'Open' }));
    t.sockets[0]!.receive({ type: 'ready', lastEventId: 6, replayed: 1 });
    expect(t.statuses.at(-1)).toBe('live');
    t.sockets[0]!.receive(ev({ type: 'BRANCH-ACTION', id: 6, BranchAction: 'Open' }));
    t.sockets[0]!.receive(ev({ type: 'BRANCH-ACTION', id: 7, BranchAction: 'Close' }));
    expect(t.events.map((x) => [x.e.id, x.replay])).toEqual([
      [6, true],
      [7, false],
    ]);
    expect(t.last()).toBe(7);
  });

  it('takes a frame holding several events (init asked for batches) in order', () => {
    const t = setup(10);
    t.client.start();
    t.sockets[0]!.open();
    t.sockets[0]!.receive({ type: 'ready', lastEventId: 10, replayed: 0 });
    t.sockets[0]!.receive([
      ev({ type: 'NOTIFICATION', id: 11, BranchAction: 'Panic' }),
      ev({ type: 'BRANCH-ACTION', id: 12, BranchAction: 'Open' }),
    ]);
    expect(t.events.map((x) => x.e.id)).toEqual([11, 12]);
    expect(t.last()).toBe(12);
  });

  it("resumes from a heartbeat's position (the server sent every event of the scope up to it), never backwards", () => {
    const t = setup(5);
    t.client.start();
    t.sockets[0]!.open();
    t.sockets[0]!.receive({ type: 'ready', lastEventId: 9, replayed: 0 });
    t.sockets[0]!.receive({ type: 'heartbeat', lastEventId: 400 });
    expect(t.last()).toBe(400);
    t.sockets[0]!.receive({ type: 'heartbeat', lastEventId: 300 });
    expect(t.last()).toBe(400);
    t.sockets[0]!.serverClose();
    vi.advanceTimersByTime(500);
    t.sockets[1]!.open();
    expect(JSON.parse(t.sockets[1]!.sent[0]!).lastEventId).toBe(400);
  });

  it('omits lastEventId on a first connection', () => {
    const t = setup(null);
    t.client.start();
    t.sockets[0]!.open();
    expect(JSON.parse(t.sockets[0]!.sent[0]!)).toEqual({ type: 'init', token: 'tok-12345', userId: 3, batch: true });
  });

  it('reconnects with back-off and resumes from the last id', () => {
    const t = setup(null);
    t.client.start();
    t.sockets[0]!.open();
    t.sockets[0]!.receive({ type: 'ready', lastEventId: 12, replayed: 0 });
    t.sockets[0]!.serverClose();
    expect(t.statuses.at(-1)).toBe('disconnected');
    vi.advanceTimersByTime(499);
    expect(t.sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(t.sockets).toHaveLength(2);
    t.sockets[1]!.serverClose(); // never opened: next wait is longer
    vi.advanceTimersByTime(999);
    expect(t.sockets).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(t.sockets).toHaveLength(3);
    t.sockets[2]!.open();
    expect(JSON.parse(t.sockets[2]!.sent[0]!).lastEventId).toBe(12);
  });

  it('treats silence as a dead socket', () => {
    const t = setup(null);
    t.client.start();
    t.sockets[0]!.open();
    t.sockets[0]!.receive({ type: 'ready', lastEventId: 1, replayed: 0 });
    vi.advanceTimersByTime(SOCKET_DEAD_AFTER_MS - 1);
    t.sockets[0]!.receive({ type: 'heartbeat', lastEventId: 1 });
    vi.advanceTimersByTime(SOCKET_DEAD_AFTER_MS - 1);
    expect(t.sockets[0]!.closed).toBe(false);
    vi.advanceTimersByTime(1);
    expect(t.sockets[0]!.closed).toBe(true);
    expect(t.statuses.at(-1)).toBe('disconnected');
    vi.advanceTimersByTime(1000);
    expect(t.sockets).toHaveLength(2);
  });

  it('ends the session on an error message or close 4401, without reconnecting', () => {
    const t = setup(null);
    t.client.start();
    t.sockets[0]!.open();
    t.sockets[0]!.receive({ type: 'error', code: 'errors.sessionExpired' });
    expect(t.expired).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(60_000);
    expect(t.sockets).toHaveLength(1);

    const u = setup(null);
    u.client.start();
    u.sockets[0]!.open();
    u.sockets[0]!.serverClose(4401);
    expect(u.expired).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(60_000);
    expect(u.sockets).toHaveLength(1);
  });
});
