/**
 * Live video calls in the query cache (live.ts): a call placed while the open calls' read is on its
 * way is not lost when that read answers without it (the read is made again after the event).
 */
import { describe, expect, it } from 'vitest';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import type { Call } from '@vigil/contract';
import { ev } from '../../realtime/test-events';
import { callKeys } from './api';
import { applyCallEvent } from './live';

const ringing = { IncidentId: 41, State: 'ringing', StartTimeUTC: '2026-11-23T10:00:00.000Z', AnsweredBy: null } as unknown as Call;
const settle = () => new Promise((r) => setTimeout(r, 20));

describe('live video calls', () => {
  it('reads the open calls again when a call is placed while their read is on its way', async () => {
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const reads: ((list: Call[]) => void)[] = [];
    const observer = new QueryObserver(qc, {
      queryKey: callKeys.open(),
      queryFn: () => new Promise<Call[]>((resolve) => reads.push(resolve)),
    });
    const stop = observer.subscribe(() => undefined);
    expect(reads).toHaveLength(1); // read before the call was placed
    expect(applyCallEvent(qc, ev({ type: 'VIDEO-CALL', id: 5, Payload: { call: ringing, change: 'placed' } }), 3)).toBe(true);
    await settle();
    reads[0]!([]);
    await settle();
    expect(reads).toHaveLength(2); // a second read, started after the event
    reads[1]!([{ ...ringing, Status: 'new' }]);
    await settle();
    expect(qc.getQueryData<Call[]>(callKeys.open())!.map((c) => [c.IncidentId, c.Status])).toEqual([[41, 'new']]);
    stop();
    qc.clear();
  });
});
