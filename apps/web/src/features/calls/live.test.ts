/**
 * Live video calls in the query cache (live.ts, api.ts putCall): a call placed while the open calls'
 * read is on its way is not lost when that read answers without it (the read is made again after
 * the event); a late answer with an older state does not undo a close-out.
 */
import { describe, expect, it } from 'vitest';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import type { Call, Incident } from '@vigil/contract';
import { ev } from '../../realtime/test-events';
import { callKeys, isOlderCallState, putCall } from './api';
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

  it('a late endcall answer does not undo the close-out made meanwhile (the call stays closed out, off the list)', () => {
    const qc = new QueryClient();
    const me = 3;
    const active = { ...ringing, State: 'active', AnsweredBy: me, ClosedBy: null, TransferTo: null } as unknown as Call;
    qc.setQueryData<Call[]>(callKeys.open(), [{ ...active, Status: 'active' }]);
    qc.setQueryData<Incident>(callKeys.call(41), { ...active, Status: 'active', profile: { firstName: 'A' } } as unknown as Incident);
    // The end's event, then the close-out's event, then the endcall answer (sent after the media stopped).
    expect(
      applyCallEvent(qc, ev({ type: 'VIDEO-CALL', id: 6, Payload: { call: { ...active, State: 'ended' }, change: 'ended' } }), me),
    ).toBe(false);
    expect(qc.getQueryData<Incident>(callKeys.call(41))!.Status).toBe('ended');
    applyCallEvent(
      qc,
      ev({ type: 'VIDEO-CALL', id: 7, Payload: { call: { ...active, State: 'closed', ClosedBy: me }, change: 'closed' } }),
      me,
    );
    expect(putCall(qc, { ...active, State: 'ended' } as Call, me)).toBe(false);
    expect(qc.getQueryData<Incident>(callKeys.call(41))!.Status).toBe('closeout');
    expect(qc.getQueryData<Incident>(callKeys.call(41))!.profile.firstName).toBe('A');
    expect(qc.getQueryData<Call[]>(callKeys.open())).toEqual([]);
    qc.clear();
  });

  it('orders call states: live states go both ways; ended only before closed; closed and missed stay', () => {
    const s = (State: string) => ({ State }) as Pick<Call, 'State'>;
    expect(isOlderCallState(s('active'), s('transfer'))).toBe(false);
    expect(isOlderCallState(s('transfer'), s('active'))).toBe(false);
    expect(isOlderCallState(s('active'), s('ended'))).toBe(false);
    expect(isOlderCallState(s('ended'), s('closed'))).toBe(false);
    expect(isOlderCallState(s('ended'), s('active'))).toBe(true);
    expect(isOlderCallState(s('closed'), s('ended'))).toBe(true);
    expect(isOlderCallState(s('missed'), s('ringing'))).toBe(true);
    expect(isOlderCallState(s('closed'), s('closed'))).toBe(false);
  });
});
