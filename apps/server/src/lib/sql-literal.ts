/**
 * A driver parameter written as an SQL literal, exactly as node-postgres sends it as text: for
 * statements that carry their values inline (one-message transactions in realtime/event-log.ts,
 * PGlite's `EXECUTE name(…)` in lib/named-query.ts). `null`/`undefined` → NULL; a Date → its ISO
 * text; an object → its JSON; anything else → its string, quoted and escaped (pg.escapeLiteral).
 */
import pg from 'pg';

export function sqlLiteral(v: unknown): string {
  if (v === null || v === undefined) return 'NULL';
  if (v instanceof Date) return pg.escapeLiteral(v.toISOString());
  if (typeof v === 'object') return pg.escapeLiteral(JSON.stringify(v));
  return pg.escapeLiteral(String(v as string | number | boolean | bigint));
}

/**
 * A driver query (`$1`…`$n` placeholders and their params, as drizzle's `toSQL()` / `sqlToQuery`
 * give it) as one text with every parameter written by `sqlLiteral`. The text between placeholders
 * is the code's own SQL: a value that looks like a placeholder is never read again.
 */
export function inlineParams(q: { sql: string; params: unknown[] }): string {
  return q.params.length ? q.sql.replace(/\$(\d+)/g, (_, n: string) => sqlLiteral(q.params[Number(n) - 1])) : q.sql;
}
