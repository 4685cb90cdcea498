/** The real-time channel's status, readable from any component (useRealtimeStatus). */
export type RealtimeStatus = 'live' | 'catching-up' | 'disconnected';

let status: RealtimeStatus = 'disconnected';
const listeners = new Set<() => void>();

export function getRealtimeStatus(): RealtimeStatus {
  return status;
}

export function setRealtimeStatus(next: RealtimeStatus): void {
  if (next === status) return;
  status = next;
  listeners.forEach((l) => l());
}

export function subscribeRealtimeStatus(l: () => void): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}
