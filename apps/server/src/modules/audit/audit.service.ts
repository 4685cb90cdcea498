/** Audit log writer (ARCHITECTURE.md Security defaults: who, what, before, after, when). */
import type { Db } from '../../db/client.js';
import { auditLog } from '../../db/schema/index.js';
import { ACTIVITY_ONLY_ACTIONS, announceScopeChange, changesScope } from '../../lib/scope-changes.js';
import { announceSessionChange } from '../../plugins/session-cache.js';

/**
 * Audited actions on users that change nothing a session holds (plugins/session.ts AuthContext:
 * role, status, organisation, names, e-mail, phone, language, temporary password): every other
 * audited change of a user, and every one of an organisation (its name), is announced to the
 * session caches of every node.
 */
const SESSION_NEUTRAL_ACTIONS: ReadonlySet<string> = new Set(ACTIVITY_ONLY_ACTIONS);

export interface AuditEntry {
  actorUserId: number | null;
  /** Verb, e.g. login, logout, update-profile, update-password. */
  action: string;
  /** Entity table name, e.g. users. */
  entity: string;
  entityId: string | number | null;
  before?: unknown;
  after?: unknown;
  ip?: string | null;
}

/**
 * Appends one audit row; pass the transaction when the change is part of one. A change to an
 * entity that decides scopes (users, offices, branches, organisations, security offices) also
 * tells open consoles on every node to reload their scope (lib/scope-changes.ts); a change of a user
 * or an organisation tells every node's session cache (plugins/session-cache.ts), at the commit.
 */
export async function writeAudit(db: Db, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actorUserId: entry.actorUserId,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId == null ? null : String(entry.entityId),
    before: entry.before ?? null,
    after: entry.after ?? null,
    ip: entry.ip ?? null,
  });
  if (entry.entity === 'users' && entry.entityId != null && !SESSION_NEUTRAL_ACTIONS.has(entry.action)) {
    await announceSessionChange(db, { changedUserId: Number(entry.entityId) });
  } else if (entry.entity === 'organizations' && !SESSION_NEUTRAL_ACTIONS.has(entry.action)) {
    await announceSessionChange(db, { all: true });
  }
  if (changesScope(entry.entity, entry.action)) await announceScopeChange(db);
}
