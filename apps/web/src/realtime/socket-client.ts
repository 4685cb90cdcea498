/**
 * The console's real-time socket (spec §7 Real-time channel; contract events.ts). One per
 * signed-in client session: opens /_socket, sends init with the token, user id and the last
 * event id seen, is 'catching-up' until the server's ready, then 'live'. Reconnects with
 * exponential back-off; silence longer than SOCKET_DEAD_AFTER_MS counts as a dead socket; an
 * error message or close code 4401 ends the session like a 401.
 */
import { SOCKET_DEAD_AFTER_MS, type SocketControl, type SocketEvent, type SocketInit, type SocketMessage } from '@vigil/contract';
import { backoffDelay } from './backoff';
import { isNewEvent } from './event-order';
import type { RealtimeStatus } from './status-store';

export const SOCKET_PATH = '/_socket';
export const CLOSE_UNAUTHORIZED = 4401;

export interface EventContext {
  /** True while the server replays what this client missed (before ready). */
  replay: boolean;
}

export interface SocketLike {
  readonly readyState: number;
  onopen: ((ev: Event) => void) | null;
  onmessage: ((ev: MessageEvent) => void) | null;
  onclose: ((ev: CloseEvent) => void) | null;
  onerror: ((ev: Event) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

export interface RealtimeClientOptions {
  url: string;
  token: string;
  userId: number;
  getLastEventId: () => number | null;
  setLastEventId: (id: number) => void;
  onEvent: (e: SocketEvent, ctx: EventContext) => void;
  onControl?: (m: SocketControl) => void;
  onStatus: (s: RealtimeStatus) => void;
  onSessionExpired: () => void;
  createSocket?: (url: string) => SocketLike;
  random?: () => number;
}

/** ws:// or wss:// URL of the socket on the page's origin. */
export function socketUrl(loc: Pick<Location, 'protocol' | 'host'>): string {
  return `${loc.protocol === 'https:' ? 'wss' : 'ws'}://${loc.host}${SOCKET_PATH}`;
}

function isEventMessage(m: SocketMessage): m is SocketEvent {
  return (
    typeof (m as SocketEvent).id === 'number' &&
    !['ready', 'heartbeat', 'onlineConsoles', 'error', 'call-media-answer', 'call-media-error'].includes(m.type)
  );
}

export class RealtimeClient {
  private ws: SocketLike | null = null;
  private attempt = 0;
  private stopped = true;
  private ready = false;
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  private deadTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly o: RealtimeClientOptions) {}

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.connect();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.reconnectTimer);
    clearTimeout(this.deadTimer);
    this.drop();
    this.o.onStatus('disconnected');
  }

  /**
   * Sends a request message (socket-requests.ts: e.g. a call-media-offer) when the socket is live;
   * answers false (nothing sent) while it is connecting, catching up or closed.
   */
  send(msg: object): boolean {
    if (!this.ws || !this.ready) return false;
    try {
      this.ws.send(JSON.stringify(msg));
      return true;
    } catch {
      return false;
    }
  }

  /** Reconnect now (e.g. the browser came back online) instead of waiting for the back-off. */
  nudge(): void {
    if (this.stopped || this.ws) return;
    clearTimeout(this.reconnectTimer);
    this.connect();
  }

  private drop(): void {
    const ws = this.ws;
    this.ws = null;
    if (!ws) return;
    ws.onopen = ws.onmessage = ws.onerror = ws.onclose = null;
    try {
      ws.close();
    } catch {
      // already closed
    }
  }

  private connect(): void {
    this.ready = false;
    let ws: SocketLike;
    try {
      ws = this.o.createSocket ? this.o.createSocket(this.o.url) : (new WebSocket(this.o.url) as unknown as SocketLike);
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.ws = ws;
    ws.onopen = () => {
      this.o.onStatus('catching-up');
      const last = this.o.getLastEventId();
      const init: SocketInit = {
        type: 'init',
        token: this.o.token,
        userId: this.o.userId,
        batch: true,
        ...(last !== null ? { lastEventId: last } : {}),
      };
      ws.send(JSON.stringify(init));
      this.armDeadTimer();
    };
    ws.onmessage = (ev) => {
      this.armDeadTimer();
      let msg: SocketMessage | SocketMessage[];
      try {
        msg = JSON.parse(String(ev.data)) as SocketMessage | SocketMessage[];
      } catch {
        return;
      }
      // init asked for batches: a frame may hold several event messages, in id order.
      if (Array.isArray(msg)) for (const m of msg) this.handle(m);
      else this.handle(msg);
    };
    ws.onerror = () => undefined; // onclose follows
    ws.onclose = (ev) => {
      this.ws = null;
      clearTimeout(this.deadTimer);
      if (this.stopped) return;
      if (ev.code === CLOSE_UNAUTHORIZED) {
        this.expire();
        return;
      }
      this.scheduleReconnect();
    };
  }

  private handle(msg: SocketMessage): void {
    if (msg.type === 'error') {
      this.expire();
      return;
    }
    if (msg.type === 'ready') {
      this.ready = true;
      this.attempt = 0;
      if (Number.isInteger(msg.lastEventId) && isNewEvent(this.o.getLastEventId(), msg.lastEventId)) this.o.setLastEventId(msg.lastEventId);
      this.o.onStatus('live');
      this.o.onControl?.(msg);
      return;
    }
    // A heartbeat carries the server's position in the log for this socket: every event of the
    // scope up to it was sent before it. Resuming from there after a reconnect spares the server
    // reading the events of other scopes since the last one of this scope (a quiet console's).
    if (msg.type === 'heartbeat' && Number.isInteger(msg.lastEventId) && isNewEvent(this.o.getLastEventId(), msg.lastEventId)) {
      this.o.setLastEventId(msg.lastEventId);
    }
    if (msg.type === 'heartbeat' || msg.type === 'onlineConsoles' || msg.type === 'call-media-answer' || msg.type === 'call-media-error') {
      this.o.onControl?.(msg);
      return;
    }
    if (!isEventMessage(msg)) return;
    if (!isNewEvent(this.o.getLastEventId(), msg.id)) return;
    this.o.setLastEventId(msg.id);
    try {
      this.o.onEvent(msg, { replay: !this.ready });
    } catch (err) {
      console.error('realtime handler failed', err);
    }
  }

  private expire(): void {
    this.stop();
    this.o.onSessionExpired();
  }

  private armDeadTimer(): void {
    clearTimeout(this.deadTimer);
    this.deadTimer = setTimeout(() => {
      // Nothing for too long (heartbeats come every 15 s): treat the socket as dead.
      this.drop();
      if (!this.stopped) this.scheduleReconnect();
    }, SOCKET_DEAD_AFTER_MS);
  }

  private scheduleReconnect(): void {
    this.o.onStatus('disconnected');
    if (this.stopped) return;
    clearTimeout(this.reconnectTimer);
    const delay = backoffDelay(this.attempt, (this.o.random ?? Math.random)());
    this.attempt += 1;
    this.reconnectTimer = setTimeout(() => this.connect(), delay);
  }
}
