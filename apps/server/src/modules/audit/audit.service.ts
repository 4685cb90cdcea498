/** Audit log writer (ARCHITECTURE.md Security defaults: who, what, before, after, when). */
import type { Db } from '../../db/client.js';
import { auditLog } from '../../db/schema/index.js';
import { announceScopeChange, changesScope } from '../../lib/scope-changes.js';

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
 * tells open consoles on every node to reload their scope (lib/scope-changes.ts).
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
  if (changesScope(entry.entity, entry.action)) await announceScopeChange(db);
}
