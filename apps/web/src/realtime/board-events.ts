/**
 * Board rows from live events (spec §4 map status): a BRANCH-ACTION or NOTIFICATION whose
 * BranchAction moves the map status sets the row's BranchAction and BranchActionTime, so the
 * board recolours at once. Older events than the row's last action leave it unchanged.
 */
import { SocketEventType, movesMapStatus, type BranchOfficeRow, type GetOfficesV2Body, type SocketEvent } from '@vigil/contract';

/** What the board reads of an event: its type, branch, action and time (a socket message, or the answer of setbranchmode). */
export type BoardMove = Pick<SocketEvent, 'type' | 'BranchOfficeId' | 'BranchAction' | 'NotificationTimeAddedUTC'>;

export function movesBoard(e: BoardMove): e is BoardMove & { BranchOfficeId: number; BranchAction: string } {
  return (
    (e.type === SocketEventType.BranchAction || e.type === SocketEventType.Notification) &&
    e.BranchOfficeId != null &&
    !!e.BranchAction &&
    movesMapStatus(e.BranchAction)
  );
}

function isNewer(at: string, current: string | null): boolean {
  if (!current) return true;
  const a = Date.parse(at);
  const c = Date.parse(current);
  return Number.isNaN(c) || Number.isNaN(a) || a >= c;
}

/** The row after the event (the same object when nothing changes). */
export function applyEventToRow(row: BranchOfficeRow, e: BoardMove): BranchOfficeRow {
  if (!movesBoard(e) || row.BranchOfficeId !== e.BranchOfficeId) return row;
  if (!isNewer(e.NotificationTimeAddedUTC, row.BranchActionTime)) return row;
  if (row.BranchAction === e.BranchAction && row.BranchActionTime === e.NotificationTimeAddedUTC) return row;
  return { ...row, BranchAction: e.BranchAction, BranchActionTime: e.NotificationTimeAddedUTC };
}

/** The board body after the event (the same object when no row changes). */
export function applyEventToBoard(body: GetOfficesV2Body | undefined, e: BoardMove): GetOfficesV2Body | undefined {
  return applyEventsToBoard(body, [e]);
}

/**
 * Bodies made by applyEventsToBoard: their unchanged rows are the very objects of the body before,
 * so the board query needs no deep comparison of them (branches/api.ts boardSharing).
 */
const eventBodies = new WeakSet<GetOfficesV2Body>();

/** Whether `body` was made by applying events to an earlier body (see eventBodies). */
export function isEventBody(body: unknown): boolean {
  return typeof body === 'object' && body !== null && eventBodies.has(body as GetOfficesV2Body);
}

/**
 * The board body after `list` (events in id order; the same object when no row changes). One pass
 * over the rows whatever the number of events (issue 20: 5,000 rows, a frame's events at once):
 * the events that move the board are grouped by branch first, and each touched row takes its
 * events in order (applyEventToRow). Unchanged rows keep their object, so memoised rows and the
 * map see only what changed.
 */
export function applyEventsToBoard(body: GetOfficesV2Body | undefined, list: readonly BoardMove[]): GetOfficesV2Body | undefined {
  if (!body) return body;
  const byBranch = new Map<number, BoardMove[]>();
  for (const e of list) {
    if (!movesBoard(e)) continue;
    const own = byBranch.get(e.BranchOfficeId);
    if (own) own.push(e);
    else byBranch.set(e.BranchOfficeId, [e]);
  }
  if (byBranch.size === 0) return body;
  let changed = false;
  const rows = body.organizationobject.map((r) => {
    const own = byBranch.get(r.BranchOfficeId);
    if (!own) return r;
    let next = r;
    for (const e of own) next = applyEventToRow(next, e);
    if (next !== r) changed = true;
    return next;
  });
  if (!changed) return body;
  const next = { ...body, organizationobject: rows };
  eventBodies.add(next);
  return next;
}

/**
 * The board answer of a read with the events dispatched while it was on its way applied again
 * (event-taps.ts readKeepingEvents): a move the answer already holds, or an older one, changes no
 * row. The result is an answer, not an event body: the query still compares it deeply with the rows
 * before (branches/api.ts boardSharing), so its unchanged rows keep their objects.
 */
export function boardAnswerWithEvents(answer: GetOfficesV2Body, events: readonly BoardMove[]): GetOfficesV2Body {
  const next = applyEventsToBoard(answer, events) ?? answer;
  eventBodies.delete(next);
  return next;
}
