/**
 * Per-node event dispatcher. It reads the event log in id order from a cursor and offers each
 * batch of events to this node's sockets, each of which applies its user's scope. It wakes when a
 * local writer commits, when PostgreSQL NOTIFY arrives from another node, and on a 1 s safety
 * poll, so a lost notification delays an event by at most a second and never loses it.
 *
 * Fan-out cost (issue "Live branch monitoring", bench/latency): each event is presented (names
 * from the EventNames cache, at most one query per read) and serialised once per node; sockets
 * that share a scope share one buffer of ready WebSocket frames per batch, written with one
 * system call per socket (one frame holding an array of the events for clients
 * that asked for batches at init, one frame per event for the others). Under load, reads are spaced
 * (more with more sockets, at most DISPATCH_INTERVAL_MS) so batches grow instead of the writes
 * multiplying; an event that arrives after a quiet period is read at once.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import type { EventAudience, SocketEvent } from '@vigil/contract';
import { EVENTS_CHANNEL } from './event-log.js';
import { EventNames } from './event-names.js';
import { eventsAfter, lastEventId, presentRoutedEvents } from './event.presenter.js';
import { LISTENER_NAME } from '../../plugins/session-cache.js';

/**
 * What a socket may receive by scope: branch ids, organisation ids for events that concern no
 * branch, and whether it is a security-office console (roles 5, 8: audience 'security' too). A
 * mobile session's socket has empty sets: it receives only the events naming its user as a
 * recipient. Sockets whose scopes are equal share one object (socket.ts loadScope).
 */
export interface SocketScope {
  branchIds: Set<number>;
  organizationIds: Set<number>;
  security: boolean;
}

/** Where an event goes: its branch and organisation, its audience and its listed recipients (event-log row). */
export interface EventRoute {
  BranchOfficeId: number | null;
  OrganizationId: number | null;
  audience: EventAudience;
  recipients: readonly number[] | null;
}

/**
 * Whether an event is within a scope: branch events by branch, others by organisation, within the
 * event's audience ('all'; 'security' for security consoles only; 'none' for nobody).
 */
export function inScope(
  scope: SocketScope,
  e: Pick<EventRoute, 'BranchOfficeId' | 'OrganizationId'> & { audience?: EventAudience },
): boolean {
  const audience = e.audience ?? 'all';
  if (audience === 'none' || (audience === 'security' && !scope.security)) return false;
  if (e.BranchOfficeId != null) return scope.branchIds.has(e.BranchOfficeId);
  return e.OrganizationId != null && scope.organizationIds.has(e.OrganizationId);
}

/** Whether the socket of `userId` with `scope` receives an event routed by `route` (in scope, or a listed recipient). */
export function receives(scope: SocketScope, userId: number, route: EventRoute): boolean {
  return inScope(scope, route) || (route.recipients?.includes(userId) ?? false);
}

/**
 * Frames `json` as one final, unmasked WebSocket text frame, as a server sends it (RFC 6455
 * §5.2: FIN + opcode 1, then a 7-bit, 16-bit or 64-bit payload length, then the UTF-8 payload).
 */
export function textFrame(json: string): Buffer {
  const payload = Buffer.from(json, 'utf8');
  const n = payload.length;
  const headerLength = n < 126 ? 2 : n < 65_536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(headerLength + n);
  frame[0] = 0x81;
  if (n < 126) frame[1] = n;
  else if (n < 65_536) {
    frame[1] = 126;
    frame.writeUInt16BE(n, 2);
  } else {
    frame[1] = 127;
    frame.writeBigUInt64BE(BigInt(n), 2);
  }
  payload.copy(frame, headerLength);
  return frame;
}

/**
 * Events read from the log in one go, in id order (`events[i]` is framed as `frames[i]` and routed
 * by `routes[i]`). `framesFor` gives the concatenated frames of the events a socket receives, after
 * an id; the result for a scope object (sockets of equal scope share one) is computed once per
 * batch, unless the batch names that socket's user as a recipient (then it is its own).
 */
export class DispatchBatch {
  readonly firstId: number;
  readonly lastId: number;
  /** Per scope: [one frame per event, one frame holding them all as an array]. */
  private memo = new Map<SocketScope, [Buffer | undefined, Buffer | undefined]>();

  /** Every user listed as a recipient of an event of this batch. */
  private readonly recipients = new Set<number>();

  constructor(
    readonly events: SocketEvent[],
    /** Each event serialised once. */
    readonly jsons: string[],
    /** Where each event goes (default: by its branch or organisation, audience 'all'). */
    readonly routes: EventRoute[] = events.map((e) => ({
      BranchOfficeId: e.BranchOfficeId,
      OrganizationId: e.OrganizationId,
      audience: 'all',
      recipients: null,
    })),
  ) {
    this.firstId = events[0]!.id;
    this.lastId = events[events.length - 1]!.id;
    for (const r of routes) if (r.recipients) for (const u of r.recipients) this.recipients.add(u);
  }

  /**
   * The events the socket of `userId` with `scope` receives with id > `afterId`, ready to write (an
   * empty buffer when none): one text frame per event, or with `asArray` one frame holding a JSON
   * array of them when there are several (SocketInit.batch).
   */
  framesFor(scope: SocketScope, afterId = 0, asArray = false, userId = 0): Buffer {
    const whole = afterId < this.firstId && !this.recipients.has(userId);
    const slot = asArray ? 1 : 0;
    const memo = whole ? this.memo.get(scope) : undefined;
    if (memo?.[slot]) return memo[slot];
    const picked: number[] = [];
    for (let i = 0; i < this.events.length; i++) {
      if (this.events[i]!.id > afterId && receives(scope, userId, this.routes[i]!)) picked.push(i);
    }
    let buf: Buffer;
    if (picked.length === 0) buf = EMPTY;
    else if (picked.length === 1) buf = this.frame(picked[0]!);
    else if (asArray) buf = textFrame(`[${picked.map((i) => this.jsons[i]).join(',')}]`);
    else buf = Buffer.concat(picked.map((i) => this.frame(i)));
    if (whole) {
      const entry = memo ?? [undefined, undefined];
      entry[slot] = buf;
      this.memo.set(scope, entry);
    }
    return buf;
  }

  private frames: (Buffer | undefined)[] = [];
  private frame(i: number): Buffer {
    return (this.frames[i] ??= textFrame(this.jsons[i]!));
  }
}
const EMPTY = Buffer.alloc(0);

/** A consumer of events (a console socket). */
export interface EventSink {
  offer(batch: DispatchBatch): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    dispatcher: Dispatcher;
  }
}

const BATCH = 500;
/** Sockets offered a batch between two turns of the event loop (see drain). */
export const OFFER_SLICE = 100;
/** Socket writes per second a node aims to stay under when events pour in (see spacingMs). */
const WRITES_PER_SECOND = 40_000;

export class Dispatcher {
  /** Last event id read from the log on this node. */
  cursor = 0;
  private sinks = new Set<EventSink>();
  private running = false;
  private again = false;
  private lastReadAt = 0;
  private delayed: NodeJS.Timeout | undefined;
  private poll: NodeJS.Timeout | undefined;
  private listener: pg.Client | undefined;
  private stopped = false;
  /** Called with the commit times of every dispatched batch's events (metrics: event-log lag). */
  private batchObservers: ((createdAt: (string | Date)[]) => void)[] = [];
  /** Names of the events' organisations, regions and branches (cached; socket replays use it too). */
  readonly names: EventNames;

  constructor(
    private readonly app: FastifyInstance,
    /** Minimum time between two reads of the log, ms (DISPATCH_INTERVAL_MS). */
    private readonly intervalMs = app.config.dispatchIntervalMs,
  ) {
    this.names = new EventNames(app.database.dispatchDb);
  }

  async start(): Promise<void> {
    this.cursor = await lastEventId(this.app.db);
    const url = this.app.config.databaseUrl;
    if (this.app.database.kind === 'postgres' && url) await this.listen(url);
    this.poll = setInterval(() => this.wake(), 1_000);
    this.poll.unref();
  }

  /** Other PostgreSQL channels heard on the dispatcher's connection (register before start). */
  private channels = new Map<string, ((payload: string) => void)[]>();
  /** Called each time the listener is connected and listening (after a reconnect: notices may have been missed meanwhile). */
  private listenObservers: (() => void)[] = [];
  /** Calls `handler` with the payload of each NOTIFY on `channel` (PostgreSQL only); several handlers may share a channel. */
  onNotify(channel: string, handler: (payload: string) => void) {
    this.channels.set(channel, [...(this.channels.get(channel) ?? []), handler]);
  }
  /** Calls `observer` each time the listener (re)connects and listens (PostgreSQL only). */
  onListen(observer: () => void) {
    this.listenObservers.push(observer);
  }
  /** Whether this node hears NOTIFY now (PostgreSQL, listener connected). */
  get listening(): boolean {
    return this.listener !== undefined;
  }

  private async listen(url: string) {
    // Named, so that a node settling a session change can count the nodes that listen (plugins/session.ts).
    const client = new pg.Client({ connectionString: url, application_name: LISTENER_NAME });
    client.on('notification', (n) => {
      if (n.channel === EVENTS_CHANNEL) this.wake();
      else for (const handler of this.channels.get(n.channel) ?? []) handler(n.payload ?? '');
    });
    client.on('error', (err) => {
      this.app.log.warn({ err }, 'event listener lost; reconnecting');
      this.listener = undefined;
      if (!this.stopped) setTimeout(() => void this.listen(url).catch(() => undefined), 1_000).unref();
    });
    await client.connect();
    await client.query(`listen ${EVENTS_CHANNEL}`);
    for (const channel of this.channels.keys()) await client.query(`listen ${channel}`);
    this.listener = client;
    for (const observer of this.listenObservers) observer();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.poll) clearInterval(this.poll);
    if (this.delayed) clearTimeout(this.delayed);
    await this.listener?.end().catch(() => undefined);
  }

  /** Registers `observer`, called after each batch is offered with its events' commit times. */
  observeBatches(observer: (createdAt: (string | Date)[]) => void) {
    this.batchObservers.push(observer);
  }

  /** Sinks (console sockets) this node serves now. */
  get sinkCount(): number {
    return this.sinks.size;
  }

  add(sink: EventSink) {
    this.sinks.add(sink);
  }
  remove(sink: EventSink) {
    this.sinks.delete(sink);
  }
  get size() {
    return this.sinks.size;
  }

  /**
   * Least time between two reads, ms: enough that this node writes at most about
   * WRITES_PER_SECOND socket frames a second (each read costs one write per socket), capped at
   * DISPATCH_INTERVAL_MS — 2.5 ms with 100 consoles, 25 ms with 1,000 — and at least 10 ms on
   * PGlite, whose one connection serves the requests' queries and these reads in turn.
   */
  private spacingMs(): number {
    const floor = this.app.database.kind === 'pglite' ? 10 : 0;
    return Math.min(this.intervalMs, Math.max(floor, (this.sinks.size * 1000) / WRITES_PER_SECOND));
  }

  /** Reads and dispatches everything committed after the cursor; coalesces concurrent wakes. */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    if (this.delayed) return;
    const wait = this.lastReadAt + this.spacingMs() - Date.now();
    if (wait > 0) {
      this.delayed = setTimeout(() => {
        this.delayed = undefined;
        this.wake();
      }, wait);
      return;
    }
    this.running = true;
    this.lastReadAt = Date.now();
    void this.drain()
      .catch((err) => this.app.log.error({ err }, 'event dispatch failed'))
      .finally(() => {
        this.running = false;
        if (this.again) {
          this.again = false;
          this.wake();
        }
      });
  }

  private async drain() {
    for (;;) {
      const rows = await eventsAfter(this.app.database.dispatchDb, this.cursor, BATCH);
      if (rows.length === 0) return;
      const { events, routes } = await presentRoutedEvents(rows, this.names);
      this.cursor = Number(rows[rows.length - 1]!.id);
      if (events.length > 0) {
        const batch = new DispatchBatch(
          events,
          events.map((e) => JSON.stringify(e)),
          routes,
        );
        // OFFER_SLICE sockets at a time, with a turn of the event loop between slices: a socket
        // write costs ~30 µs (on loopback the sender's syscall does the receiver's TCP work too),
        // so 1,000 consoles at once held every request (an alarm's answer among them) for 30–70 ms
        // a batch. Batches stay in order: the next is read only once this one is offered to all.
        // A console connecting meanwhile replays from the log what this snapshot leaves out.
        const sinks = [...this.sinks];
        for (let i = 0; i < sinks.length; i++) {
          if (i > 0 && i % OFFER_SLICE === 0) await nextTurn();
          sinks[i]!.offer(batch);
        }
        for (const observe of this.batchObservers) observe(rows.map((r) => r.createdAt));
      }
      if (rows.length < BATCH) return;
    }
  }
}
