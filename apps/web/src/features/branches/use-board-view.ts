/**
 * The dashboard's board view (branch-board.ts boardView) kept from render to render, so a live
 * event's render follows the previous view by the rows it replaced instead of reading 5,000 rows
 * again (issue 20).
 */
import { useMemo, useRef } from 'react';
import type { BranchOfficeRow } from '@vigil/contract';
import { boardView, type BoardFilter, type BoardView } from './branch-board';

/**
 * The view of `rows` under `filter`, counting `alarmBranchIds` as alarms (see boardView); the
 * same object while none of the three changes.
 */
export function useBoardView(rows: readonly BranchOfficeRow[], filter: BoardFilter, alarmBranchIds?: ReadonlySet<number>): BoardView {
  const last = useRef<BoardView | null>(null);
  // A render React throws away may leave its view here: any earlier view is a valid start.
  return useMemo(() => {
    // eslint-disable-next-line react-hooks/refs -- a cache of the previous view, not state
    const next = boardView(last.current, rows, filter, alarmBranchIds);
    // eslint-disable-next-line react-hooks/refs -- see above
    last.current = next;
    return next;
  }, [rows, filter, alarmBranchIds]);
}
