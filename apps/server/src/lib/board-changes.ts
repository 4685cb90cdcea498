/**
 * Board changes (issue 20 "branch board"): a write that changes what the branch board
 * (getofficesv2 GET-ALL-BRANCH-OFFICES) answers and is not already a scope change
 * (lib/scope-changes.ts: audited changes of branches, offices, organisations, security offices,
 * users and WorksIn) — today a branch's status moved by a branch action (console, app, ENS) or by
 * the opening/closing supervision. Every node's board answer cache (modules/branches/board-cache.ts)
 * drops its entries on it.
 *
 * Like a scope change it is announced inside the writing transaction: on PostgreSQL the NOTIFY on
 * BOARD_CHANNEL reaches every node when (and only if) the transaction commits; this process's
 * listeners are told at once through `boardChanges`.
 */
import { EventEmitter } from 'node:events';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';

/** PostgreSQL NOTIFY channel of board changes (empty payload). */
export const BOARD_CHANNEL = 'vigil_board';

/** This process's listeners of board changes ('change' events, no payload). */
export const boardChanges = new EventEmitter();
boardChanges.setMaxListeners(0);

/** The NOTIFY statement of a board change, as SQL text without parameters (for one-message transactions). */
export const BOARD_NOTICE_SQL = `select pg_notify('${BOARD_CHANNEL}', '')`;

/**
 * Tells this process's board caches at once (call it when the NOTIFY BOARD_NOTICE_SQL is part of a
 * transaction sent as one message, e.g. realtime/event-log.ts commitWithEvents, and again after the
 * commit). `settle`: the change was made by the console request being served, which then answers
 * only once every node has been sent the notice (modules/branches/board-cache.ts).
 */
export function noteBoardChange(settle = false): void {
  boardChanges.emit('change', settle);
}

/** Tells every node that the board changed; pass the transaction when the change is part of one. */
export async function announceBoardChange(db: Db): Promise<void> {
  await db.execute(sql.raw(BOARD_NOTICE_SQL));
  noteBoardChange();
}
