import { useSyncExternalStore } from 'react';
import { getRealtimeStatus, subscribeRealtimeStatus, type RealtimeStatus } from './status-store';

/** The real-time channel's status: 'live', 'catching-up' (open, replaying) or 'disconnected'. */
export function useRealtimeStatus(): RealtimeStatus {
  return useSyncExternalStore(subscribeRealtimeStatus, getRealtimeStatus, getRealtimeStatus);
}
