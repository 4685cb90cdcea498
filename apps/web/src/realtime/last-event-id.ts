/**
 * The last event id the console applied, kept in memory and in sessionStorage
 * 'vigil.lastEventId' so a reload resumes where it left off. Forgotten when the session ends.
 * The memory is exact; sessionStorage is written at most every STORE_EVERY_MS (issue 20: 200
 * events/s made a synchronous storage write per event) and at once when the page is hidden or
 * left (pagehide), so a reload resumes from the last id. Stored late, an id can only be older than
 * the one applied: a resume then replays events the console already had (they are told apart by
 * id), never skips one.
 */
import { subscribeSession, getSession } from '../shared/session/session-store';

export const LAST_EVENT_ID_KEY = 'vigil.lastEventId';

let memory: number | null = null;
let loaded = false;

export function readLastEventId(): number | null {
  if (!loaded) {
    loaded = true;
    try {
      const raw = sessionStorage.getItem(LAST_EVENT_ID_KEY);
      const n = raw === null ? NaN : Number(raw);
      memory = Number.isInteger(n) && n >= 0 ? n : null;
    } catch {
      memory = null;
    }
  }
  return memory;
}

/** Longest delay (ms) between an applied id and its copy in sessionStorage while the page is shown. */
export const STORE_EVERY_MS = 250;

let pending: ReturnType<typeof setTimeout> | null = null;

/** Writes the id in memory to sessionStorage now (a pending delayed write is done here). */
export function flushLastEventId(): void {
  if (pending !== null) {
    clearTimeout(pending);
    pending = null;
  }
  if (memory === null) return;
  try {
    sessionStorage.setItem(LAST_EVENT_ID_KEY, String(memory));
  } catch {
    // storage blocked: memory still works for this page
  }
}

if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', flushLastEventId);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flushLastEventId();
  });
}

/** Notes `id` as the last event applied: in memory at once, in sessionStorage within STORE_EVERY_MS. */
export function writeLastEventId(id: number): void {
  memory = id;
  loaded = true;
  pending ??= setTimeout(flushLastEventId, STORE_EVERY_MS);
}

/**
 * Notes `id` as the position to resume from when no id is known yet: the event log's position of a
 * sign-in or session check answer (UserInfos.LastEventId). Every answer the console reads after
 * that holds the events up to `id`, and the socket's first init replays those after it, so an
 * event committed between the sign-in and the socket reaches the console. A known id (a reload
 * resuming) is older and stays.
 */
export function startFromIfNone(id: number): void {
  if (readLastEventId() === null && Number.isInteger(id) && id >= 0) writeLastEventId(id);
}

export function forgetLastEventId(): void {
  memory = null;
  loaded = true;
  if (pending !== null) {
    clearTimeout(pending);
    pending = null;
  }
  try {
    sessionStorage.removeItem(LAST_EVENT_ID_KEY);
  } catch {
    // ignore
  }
}

// A new sign-in starts from the live stream, not from the previous user's position.
subscribeSession(() => {
  if (getSession() === null) forgetLastEventId();
});
