/**
 * Vitest global setup: migrates and seeds the demo data ONCE per run, as snapshots every test
 * file's database starts from (test/helpers.ts `startTestServer`), instead of migrating and
 * seeding again in each of the ~60 servers the suite starts:
 * - PGlite: the data folder as a tarball (PGliteThread `dump`), loaded into each new in-memory
 *   database (`loadDataDir`);
 * - PostgreSQL (TEST_DATABASE_URL set): template databases, copied by `create database … template`.
 * Both a seeded and an unseeded (migrated, reference data only) snapshot exist. The snapshots are
 * the same migrations and seed code the server runs; a test that needs them run for real (the
 * migration, seed, backup and multi-process tests) opens its own database as before.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.js';
import { ensureReferenceData } from '../src/db/reference-data.js';
import { seedDemo } from '../src/db/seed/demo.js';
import type { PGliteThread } from '../src/db/pglite-thread.js';

/** What the setup hands to the test files (`inject('vigilSnapshots')`). */
export interface VigilSnapshots {
  /** Tarballs of a PGlite data folder: migrated with reference data, and also seeded. */
  pglite: { empty: string; seeded: string };
  /** Template database names on TEST_DATABASE_URL's server, when set. */
  postgres?: { empty: string; seeded: string };
}

declare module 'vitest' {
  export interface ProvidedContext {
    vigilSnapshots: VigilSnapshots;
  }
}

async function adminQuery(base: string, text: string) {
  const c = new pg.Client({ connectionString: base });
  await c.connect();
  try {
    await c.query(text);
  } finally {
    await c.end();
  }
}

/** The snapshots of a run and their removal. */
interface Made {
  snapshots: Promise<{ snapshots: VigilSnapshots; remove: () => Promise<void> }>;
  /** Projects that have not yet run their teardown. */
  users: number;
}

/**
 * Made once per run: the `server` and `server-attack` projects both name this setup, and vitest
 * calls it for each project (one after the other, before any test runs) from a module instance of
 * its own, so the run's snapshots are kept on the process (vitest's main process) for the second
 * call, instead of migrating and seeding again.
 */
const MADE = Symbol.for('vigil.test.snapshots');
const shared = globalThis as { [MADE]?: Made };

async function makeSnapshots(): Promise<{ snapshots: VigilSnapshots; remove: () => Promise<void> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-test-snapshots-'));
  const pglite = { empty: path.join(dir, 'empty.tar.gz'), seeded: path.join(dir, 'seeded.tar.gz') };
  const embedded = await openDatabase({});
  try {
    await ensureReferenceData(embedded.db);
    fs.writeFileSync(pglite.empty, await (embedded.pglite as PGliteThread).dump());
    await seedDemo(embedded.db);
    fs.writeFileSync(pglite.seeded, await (embedded.pglite as PGliteThread).dump());
  } finally {
    await embedded.close();
  }

  let postgres: VigilSnapshots['postgres'];
  const base = process.env.TEST_DATABASE_URL;
  if (base) {
    const tag = randomBytes(4).toString('hex');
    postgres = { empty: `vigil_tpl_${tag}_empty`, seeded: `vigil_tpl_${tag}_seeded` };
    for (const [name, seed] of [
      [postgres.empty, false],
      [postgres.seeded, true],
    ] as const) {
      await adminQuery(base, `create database ${name}`);
      const url = new URL(base);
      url.pathname = `/${name}`;
      const database = await openDatabase({ databaseUrl: url.toString() });
      try {
        await ensureReferenceData(database.db);
        if (seed) await seedDemo(database.db);
      } finally {
        await database.close();
      }
    }
  }
  return {
    snapshots: { pglite, postgres },
    remove: async () => {
      fs.rmSync(dir, { recursive: true, force: true });
      if (base && postgres) {
        for (const name of [postgres.empty, postgres.seeded]) await adminQuery(base, `drop database if exists ${name} with (force)`);
      }
    },
  };
}

/** Vitest's global setup of a project: provides the snapshots (made once per run); the last project's teardown removes them. */
export default async function setup(project: TestProject) {
  const made = (shared[MADE] ??= { snapshots: makeSnapshots(), users: 0 });
  made.users++;
  const { snapshots, remove } = await made.snapshots;
  project.provide('vigilSnapshots', snapshots);
  return async () => {
    if (--made.users > 0) return;
    delete shared[MADE];
    await remove();
  };
}
