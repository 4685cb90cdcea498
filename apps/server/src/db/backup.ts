/**
 * Backups of the embedded database (docs/OPERATIONS.md "Backups"; PostgreSQL uses pg_dump and
 * pg_restore). A backup is PGlite's own dump of its data folder: a gzipped tarball of the
 * committed state, taken between two statements, so it is consistent while the server runs.
 *
 * A running server holds the data folder (its lock), so `npm run db:backup` asks it over a local
 * control socket in the data folder (`control.sock`; only who can read the folder can reach it);
 * with no server running the command opens the folder itself. A restore needs the folder free.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { PGliteThread } from './pglite-thread.js';

/** The control socket of the server on `dataDir` (a short path in the temp folder when the folder's path is too long for a socket). */
export function controlSocketPath(dataDir: string): string {
  const inFolder = path.join(dataDir, 'control.sock');
  if (Buffer.byteLength(inFolder) < 100) return inFolder;
  const hash = crypto.createHash('sha256').update(path.resolve(dataDir)).digest('hex').slice(0, 16);
  return path.join(os.tmpdir(), `vigil-${hash}.sock`);
}

/**
 * Serves backup requests of `npm run db:backup` on the control socket of `dataDir`: a client
 * writes `dump\n` and reads the tarball until the socket ends. Call only while holding the data
 * folder's lock (a socket file left by a dead process is replaced). Resolves to its `close()`.
 */
export async function serveBackups(pglite: PGliteThread, dataDir: string, log: (msg: string) => void): Promise<() => Promise<void>> {
  const socketPath = controlSocketPath(dataDir);
  fs.rmSync(socketPath, { force: true });
  const server = net.createServer((conn) => {
    let request = '';
    conn.on('data', (d) => {
      request += String(d);
      if (!request.includes('\n')) return;
      if (request.trim() !== 'dump') return conn.end();
      const started = Date.now();
      pglite.dump().then(
        (tarball) => {
          log(`vigil: backup of ${tarball.length} bytes taken in ${Date.now() - started} ms`);
          conn.end(tarball);
        },
        (err: Error) => {
          log(`vigil: backup failed: ${err.message}`);
          conn.destroy();
        },
      );
    });
    conn.on('error', () => undefined);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => resolve());
  });
  fs.chmodSync(socketPath, 0o600);
  return () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      fs.rmSync(socketPath, { force: true });
    });
}

/** Asks the server running on `dataDir` for a backup; null when no server answers there. */
export async function requestBackup(dataDir: string): Promise<Buffer | null> {
  const socketPath = controlSocketPath(dataDir);
  if (!fs.existsSync(socketPath)) return null;
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const conn = net.connect(socketPath, () => conn.write('dump\n'));
    conn.on('data', (d: Buffer) => chunks.push(d));
    conn.on('end', () =>
      chunks.length ? resolve(Buffer.concat(chunks)) : reject(new Error('the server could not take the backup (see its log)')),
    );
    conn.on('error', (err: NodeJS.ErrnoException) => (err.code === 'ECONNREFUSED' || err.code === 'ENOENT' ? resolve(null) : reject(err)));
  });
}

/** Writes `data` to `file` through a temporary file and a rename, so a failed write never leaves half a backup. */
export function writeAtomically(file: string, data: Buffer) {
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const tmp = `${file}.partial-${process.pid}`;
  fs.writeFileSync(tmp, data);
  fs.renameSync(tmp, file);
}
