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
  if (!body || !movesBoard(e)) return body;
  let changed = false;
  const rows = body.organizationobject.map((r) => {
    const next = applyEventToRow(r, e);
    if (next !== r) changed = true;
    return next;
  });
  return changed ? { ...body, organizationobject: rows } : body;
}
