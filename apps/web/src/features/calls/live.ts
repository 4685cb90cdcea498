/**
 * Live video calls (spec §4 Phone call status; VIDEO-CALL events on /_socket): each event moves
 * the call in the open list and in its cached incident, with the status this console sees; a
 * newly placed call sounds the alert.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { CallPayload, SocketEvent } from '@vigil/contract';
import { readAgainIfOnItsWay } from '../../shared/api/refetch-after-event';
import { callKeys, putCall } from './api';

/** Applies a call event for user `me`; answers true when a call was just placed (the caller sounds the alert). */
export function applyCallEvent(qc: QueryClient, e: SocketEvent, me: number): boolean {
  if (e.type !== 'VIDEO-CALL') return false;
  const p = e.Payload as CallPayload;
  putCall(qc, p.call, me);
  // A read of the open calls or of this call on its way may answer the state before this event.
  readAgainIfOnItsWay(qc, callKeys.open());
  readAgainIfOnItsWay(qc, callKeys.call(p.call.IncidentId));
  return p.change === 'placed';
}
