/**
 * The board read started at sign-in (board-read.ts): the board query takes it once instead of
 * reading again, the live events dispatched from its start until its answer are applied to it, and
 * a read nobody takes (or of a session that ended) stops collecting events.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { RoleId, branchStatusOf, type GetOfficesV2Body, type UserInfos } from '@vigil/contract';
import { apiPost } from '../shared/api/client';
import { clearSession, setSession } from '../shared/session/session-store';
import { fetchBranchBoard } from '../features/branches/api';
import { EARLY_READ_TTL_MS, startBoardReadEarly, takeEarlyBoardRead } from './board-read';
import { boardIsNext, preloadBoardRead, readBoardEarlyIfNext } from './board-read-early';
import { dispatchEvents } from './handlers';
import { readsOnTheirWay } from './event-taps';
import { boardRow, deferred, ev, live } from './test-events';

vi.mock('../shared/api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../shared/api/client')>()),
  apiPost: vi.fn(),
}));

const row = boardRow;
const board = (): GetOfficesV2Body => ({
  organizationobject: [row(7, 'Open', '2026-03-01T08:00:00.000Z'), row(8, 'Open', '2026-03-01T08:00:00.000Z')],
  total: 2,
});
const panicAt = (branch: number, id: number) =>
  ev({ type: 'NOTIFICATION', id, BranchOfficeId: branch, BranchAction: 'Panic', NotificationType: 10, SecurityAlert: true });

afterEach(() => {
  clearSession(); // drops a read left over and forgets that the board was asked for
  vi.mocked(apiPost).mockReset();
  vi.useRealTimers();
});

describe('the board read started at sign-in', () => {
  it('is taken once by the board query, with the events of before and after the take applied to its answer', async () => {
    const qc = new QueryClient();
    const answer = deferred<GetOfficesV2Body>();
    vi.mocked(apiPost).mockReturnValueOnce(answer.promise);
    startBoardReadEarly();
    startBoardReadEarly(); // one read only
    expect(apiPost).toHaveBeenCalledTimes(1);
    dispatchEvents(qc, [], [live(panicAt(7, 20))]); // before the dashboard asks
    const taken = fetchBranchBoard(null);
    expect(apiPost).toHaveBeenCalledTimes(1); // the query took the early read
    dispatchEvents(qc, [], [live(panicAt(8, 21))]); // after it asked, before the answer
    answer.resolve(board());
    const body = await taken;
    expect(body.organizationobject.map((r) => branchStatusOf(r.BranchAction))).toEqual(['alarm', 'alarm']);
    expect(readsOnTheirWay()).toBe(0);
    // Taken once: the next read is a read of its own.
    vi.mocked(apiPost).mockResolvedValueOnce(board());
    await fetchBranchBoard(null);
    expect(apiPost).toHaveBeenCalledTimes(2);
  });

  it('does not start once the board query has read the board itself (this module loaded late), until the session ends', async () => {
    setSession({ UserId: 3, RoleId: RoleId.SecurityOfficer, Email: 'o@example.com' } as UserInfos, false);
    vi.mocked(apiPost).mockResolvedValue(board());
    await fetchBranchBoard(null);
    startBoardReadEarly();
    expect(apiPost).toHaveBeenCalledTimes(1);
    clearSession();
    startBoardReadEarly();
    expect(apiPost).toHaveBeenCalledTimes(2);
  });

  it("is not a dealer's chosen organisation's board", async () => {
    vi.mocked(apiPost).mockResolvedValueOnce(board());
    startBoardReadEarly();
    expect(takeEarlyBoardRead(42)).toBeNull();
    expect(await takeEarlyBoardRead(null)).toEqual(board());
  });

  it('stops collecting events when nobody takes it in time, or when its session ends', () => {
    vi.useFakeTimers();
    vi.mocked(apiPost).mockReturnValue(new Promise(() => undefined));
    startBoardReadEarly();
    expect(readsOnTheirWay()).toBe(1);
    vi.advanceTimersByTime(EARLY_READ_TTL_MS);
    expect(readsOnTheirWay()).toBe(0);
    expect(takeEarlyBoardRead(null)).toBeNull();

    setSession({ UserId: 3, RoleId: RoleId.SecurityOfficer, Email: 'o@example.com' } as UserInfos, false);
    startBoardReadEarly();
    clearSession();
    expect(readsOnTheirWay()).toBe(0);
    expect(takeEarlyBoardRead(null)).toBeNull();
  });

  it("starts in the sign-in answer's own task once board-read.ts is preloaded (the sign-in page's prefetch does it)", async () => {
    vi.mocked(apiPost).mockReturnValue(new Promise(() => undefined));
    await preloadBoardRead();
    readBoardEarlyIfNext({ RoleId: RoleId.SecurityOfficer }, '/');
    expect(apiPost).toHaveBeenCalledTimes(1); // no await in between: before the console's first render
    readBoardEarlyIfNext({ RoleId: RoleId.Dealer }, '/'); // a dealer chooses the organisation first
    readBoardEarlyIfNext({ RoleId: RoleId.SecurityOfficer }, '/reports');
    expect(apiPost).toHaveBeenCalledTimes(1);
  });

  it('starts only when the next page is the own board: home, not a dealer, no password change pending', () => {
    expect(boardIsNext({ RoleId: RoleId.Dealer }, '/')).toBe(false);
    expect(boardIsNext({ RoleId: RoleId.SecurityOfficer }, '/reports')).toBe(false);
    expect(boardIsNext({ RoleId: RoleId.SecurityOfficer, MustChangePassword: true }, '/')).toBe(false);
    expect(boardIsNext({ RoleId: RoleId.SecurityOfficer, MustChangePassword: false }, '/')).toBe(true);
  });
});
