/**
 * The last event id the console applied, kept in memory and in sessionStorage
 * 'vigil.lastEventId' so a reload resumes where it left off. Forgotten when the session ends.
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

export function writeLastEventId(id: number): void {
  memory = id;
  loaded = true;
  try {
    sessionStorage.setItem(LAST_EVENT_ID_KEY, String(id));
  } catch {
    // storage blocked: memory still works for this page
  }
}

export function forgetLastEventId(): void {
  memory = null;
  loaded = true;
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
