/**
 * A PostgreSQL database of its own for one benchmark run, created beside `baseUrl`'s and dropped
 * afterwards (`release()`; `release(true)` keeps it for a look).
 */
import pg from 'pg';

export interface ScratchDatabase {
  /** Connection URL of the new database. */
  url: string;
  /** Drops the database (unless `keep`) and closes the admin connection. */
  release(keep?: boolean): Promise<void>;
}

/** Creates `<prefix>_<now>` on the server of `baseUrl`. */
export async function scratchDatabase(baseUrl: string, prefix: string): Promise<ScratchDatabase> {
  const name = `${prefix}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    release: async (keep = false) => {
      if (!keep) await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}
