/**
 * Starts the board read at sign-in (board-read.ts startBoardReadEarly; issue 20) when the page a
 * client session goes to next is its own board: `path` is the console's home '/', the role is not
 * a dealer's (a dealer chooses the organisation first), and no password change is pending
 * (SessionGate shows only that). board-read.ts is loaded apart (it is in the code prefetched for
 * after sign-in), so the sign-in pages and the public pages do not carry it.
 */
import { RoleId } from '@vigil/contract';
import { CLIENT_HOME } from '../shared/session/session-gate';

/** Whether the page after a sign-in of `u` to `path` is the user's own board. */
export function boardIsNext(u: { RoleId: number; MustChangePassword?: boolean }, path: string): boolean {
  return path === CLIENT_HOME && u.RoleId !== RoleId.Dealer && u.MustChangePassword !== true;
}

type BoardReadModule = typeof import('./board-read');

/** board-read.ts once loaded (preloadBoardRead), to start the read in the sign-in's own task. */
let boardRead: BoardReadModule | null = null;

/**
 * Loads board-read.ts ahead (the sign-in page's prefetch calls it), so that readBoardEarlyIfNext
 * starts the read at once: through import() it started only after the console's first render,
 * ~100 ms after the sign-in's answer. Resolves either way (a failure leaves the import to later).
 */
export function preloadBoardRead(): Promise<void> {
  return import('./board-read').then(
    (m) => void (boardRead = m),
    () => undefined,
  );
}

/** Starts the board read now when boardIsNext(u, path); returns at once (the read is taken by the board query). */
export function readBoardEarlyIfNext(u: { RoleId: number; MustChangePassword?: boolean }, path: string): void {
  if (!boardIsNext(u, path)) return;
  if (boardRead) {
    boardRead.startBoardReadEarly();
    return;
  }
  void import('./board-read').then(
    (m) => m.startBoardReadEarly(),
    () => undefined, // the board query reads it when the page shows
  );
}
