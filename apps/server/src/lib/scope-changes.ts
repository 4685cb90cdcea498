/**
 * Scope changes (spec §6): a branch added or moved, a WorksIn, role or status change, a security
 * office's monitoring assignment — anything that changes who sees which branch. Open console
 * sockets apply them at once on every node (realtime/socket.ts) instead of at their next reconnect.
 *
 * `announceScopeChange(db)` runs inside the writing transaction: on PostgreSQL its NOTIFY on
 * SCOPE_CHANNEL is delivered to every node when (and only if) the transaction commits; this node's
 * listeners are also told at once through `scopeChanges` (they wait a moment, so the commit lands
 * first: PGlite has one process, which is this one).
 */
import { EventEmitter } from 'node:events';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';

export const SCOPE_CHANNEL = 'vigil_scope';

/** This process's listeners of scope changes ('change' events, no payload). */
export const scopeChanges = new EventEmitter();
scopeChanges.setMaxListeners(0);

/** Audited entities whose change may change a console's scope. */
export const SCOPE_ENTITIES: ReadonlySet<string> = new Set([
  'branch_offices',
  'offices',
  'organizations',
  'security_offices',
  'users',
  'works_in',
]);

/**
 * Audited actions that record an activity and change no entity's data: sign-ins and their
 * failures, issued links and tokens, PIN checks, branch modes and alarm handling. Neither a
 * console's scope (here) nor what a session holds (audit.service.ts) changes with them.
 */
export const ACTIVITY_ONLY_ACTIONS: readonly string[] = [
  'login',
  'login-failed',
  'logout',
  'sso-refused',
  'sso-failed',
  'issue-reset',
  'issue-activation',
  'external-token',
  'pin-validated',
  'pin-failed',
  'pin-rate-limited',
  'set-branch-mode',
  'acknowledge-alarm',
  'add-alarm-note',
];

/** Audited actions on those entities that never change a scope: the activity-only ones and a user's own account changes. */
const SCOPE_NEUTRAL_ACTIONS: ReadonlySet<string> = new Set([
  ...ACTIVITY_ONLY_ACTIONS,
  'update-profile',
  'update-password',
  'update-language',
  'temporary-password',
  'reset-password',
]);

/** Whether an audited change of `entity` by `action` may change a console's scope. */
export function changesScope(entity: string, action: string): boolean {
  return SCOPE_ENTITIES.has(entity) && !SCOPE_NEUTRAL_ACTIONS.has(action);
}

/** Tells every node that scopes may have changed (see the module comment). */
export async function announceScopeChange(db: Db): Promise<void> {
  await db.execute(sql`select pg_notify(${SCOPE_CHANNEL}, '')`);
  scopeChanges.emit('change');
}
