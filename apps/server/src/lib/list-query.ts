/** Pieces of the list queries: search patterns and the keyset of lists ordered by name then id. */
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/** Escapes LIKE wildcards in user text and wraps it for a "contains" match: `%text%`. */
export const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => '\\' + c)}%`;

/** Sort key of the lists ordered by name then id (branches, regions, security offices, organisations). */
export interface NameKey {
  name: string;
  id: number;
}

/** The keyset condition `(name, id) > (after.name, after.id)` of a list ordered by name then id; none without `after`. */
export function afterNameKey(name: AnyColumn, id: AnyColumn, after: NameKey | null | undefined): SQL[] {
  return after ? [sql`(${name}, ${id}) > (${after.name}, ${after.id}::int)`] : [];
}
