import { useSyncExternalStore } from 'react';
import { getSession, subscribeSession, type StoredSession } from './session-store';

/** The current session, re-rendering on sign-in, profile changes and logout. */
export function useSession(): StoredSession | null {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}
