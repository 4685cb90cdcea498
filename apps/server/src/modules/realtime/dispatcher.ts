/**
 * Per-node event dispatcher. It reads the event log in id order from a cursor and offers each
 * event to this node's sockets, each of which applies its user's scope. It wakes when a local
 * writer commits, when PostgreSQL NOTIFY arrives from another node, and on a 1 s safety poll,
 * so a lost notification delays an event by at most a second and never loses it.
 */
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import type { SocketEvent } from '@vigil/contract';
import { EVENTS_CHANNEL } from './event-log.js';
import { eventsAfter, lastEventId, presentEvent } from './event.presenter.js';

/** A consumer of events (a console socket). */
export interface EventSink {
  /** `json` is the event already serialised once for every socket. */
  offer(event: SocketEvent, json: string): void;
  /** Hold writes until `uncork` (one system call for a batch of events instead of one each). */
  cork?(): void;
  uncork?(): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    dispatcher: Dispatcher;
  }
}

const BATCH = 500;

export class Dispatcher {
  /** Last event id read from the log on this node. */
  cursor = 0;
  private sinks = new Set<EventSink>();
  private running = false;
  private again = false;
  private poll: NodeJS.Timeout | undefined;
  private listener: pg.Client | undefined;
  private stopped = false;

  constructor(private readonly app: FastifyInstance) {}

  async start(): Promise<void> {
    this.cursor = await lastEventId(this.app.db);
    const url = this.app.config.databaseUrl;
    if (this.app.database.kind === 'postgres' && url) await this.listen(url);
    this.poll = setInterval(() => this.wake(), 1_000);
    this.poll.unref();
  }

  private async listen(url: string) {
    const client = new pg.Client({ connectionString: url });
    client.on('notification', () => this.wake());
    client.on('error', (err) => {
      this.app.log.warn({ err }, 'event listener lost; reconnecting');
      this.listener = undefined;
      if (!this.stopped) setTimeout(() => void this.listen(url).catch(() => undefined), 1_000).unref();
    });
    await client.connect();
    await client.query(`listen ${EVENTS_CHANNEL}`);
    this.listener = client;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.poll) clearInterval(this.poll);
    await this.listener?.end().catch(() => undefined);
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

  /** Reads and dispatches everything committed after the cursor; coalesces concurrent wakes. */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = true;
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
      const batch = await eventsAfter(this.app.database.dispatchDb, this.cursor, BATCH);
      if (batch.length === 0) return;
      const sinks = [...this.sinks];
      for (const sink of sinks) sink.cork?.();
      try {
        for (const row of batch) {
          const event = presentEvent(row);
          const json = JSON.stringify(event);
          for (const sink of sinks) sink.offer(event, json);
          this.cursor = event.id;
        }
      } finally {
        for (const sink of sinks) sink.uncork?.();
      }
      if (batch.length < BATCH) return;
    }
  }
}
