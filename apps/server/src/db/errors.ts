/**
 * PostgreSQL's error fields on an error thrown by the database layer, on both drivers: node-postgres
 * throws them on the error itself, PGlite's thread sends them across as plain fields, and drizzle
 * wraps either in a DrizzleQueryError whose `cause` is the driver's error.
 */

/** The fields of PostgreSQL's error report that the server looks at. */
export interface DatabaseErrorFields {
  /** SQLSTATE, five characters (e.g. 23505 unique violation, 42P05 prepared statement exists). */
  code: string;
  constraint?: string;
  message?: string;
}

/** The database error in `err` or its `cause` chain (up to four levels), else null. */
export function databaseError(err: unknown): DatabaseErrorFields | null {
  for (let e: unknown = err, i = 0; e && typeof e === 'object' && i < 4; e = (e as { cause?: unknown }).cause, i++) {
    const x = e as { code?: unknown; constraint?: unknown; message?: unknown };
    if (typeof x.code === 'string' && /^[0-9A-Z]{5}$/.test(x.code)) {
      return {
        code: x.code,
        ...(typeof x.constraint === 'string' ? { constraint: x.constraint } : {}),
        ...(typeof x.message === 'string' ? { message: x.message } : {}),
      };
    }
  }
  return null;
}
