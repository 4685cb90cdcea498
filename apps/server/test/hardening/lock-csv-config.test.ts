/**
 * Issue 12 findings 2 and 8 at the unit level: TRUST_PROXY parsing and proxy trust, CSV cells
 * neutralised against formula injection, and the embedded database lock taken over at once from a
 * dead owner (kill -9) while a live owner's lock still refuses.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';
import { DataDirLockedError, openDatabase } from '../../src/db/client.js';
import { neutralizeCsvCell } from '../../src/lib/csv.js';
import { isTrustedProxy } from '../../src/lib/http.js';

describe('TRUST_PROXY', () => {
  it('defaults to no proxy, takes addresses and CIDRs, and refuses anything else at start', () => {
    expect(loadConfig({}).trustProxy).toEqual([]);
    const config = loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1' });
    expect(config.trustProxy).toEqual(['10.0.0.0/8', '127.0.0.1', '::1']);
    expect(isTrustedProxy(config, '10.2.3.4')).toBe(true);
    expect(isTrustedProxy(config, '::ffff:127.0.0.1')).toBe(true);
    expect(isTrustedProxy(config, '192.168.1.1')).toBe(false);
    expect(isTrustedProxy(loadConfig({}), '127.0.0.1')).toBe(false);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(ConfigError);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/40' })).toThrow(ConfigError);
  });
});

describe('CSV exports', () => {
  it('neutralise cells starting with = + - @, tab or carriage return; numbers and phone numbers stay', () => {
    expect(neutralizeCsvCell('=HYPERLINK("http://x")')).toBe(`'=HYPERLINK("http://x")`);
    expect(neutralizeCsvCell('+cmd|x')).toBe(`'+cmd|x`);
    expect(neutralizeCsvCell('-2+3+cmd')).toBe(`'-2+3+cmd`);
    expect(neutralizeCsvCell('@SUM(A1)')).toBe(`'@SUM(A1)`);
    expect(neutralizeCsvCell('\t=1')).toBe(`'\t=1`);
    expect(neutralizeCsvCell('\r=1')).toBe(`'\r=1`);
    expect(neutralizeCsvCell('+1 212 555 0100')).toBe('+1 212 555 0100');
    expect(neutralizeCsvCell('-12.5')).toBe('-12.5');
    expect(neutralizeCsvCell('Tirana')).toBe('Tirana');
  });
});

describe('embedded database lock', () => {
  const lockedBy = (pid: number) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-lock-owner-'));
    fs.mkdirSync(path.join(dir, 'vigil.lock'));
    fs.writeFileSync(path.join(dir, 'vigil.lock.owner'), `${pid} ${os.hostname()}\n`);
    return dir;
  };

  it('takes over at once from an owner that no longer runs (kill -9), without waiting for the stale time', async () => {
    const dead = spawnSync(process.execPath, ['-e', '0']).pid!;
    const dir = lockedBy(dead);
    const t0 = Date.now();
    const db = await openDatabase({ dataDir: dir });
    try {
      expect(fs.readFileSync(path.join(dir, 'vigil.lock.owner'), 'utf8')).toContain(String(process.pid));
      // The lock is fresh (mtime now): only the dead-owner check could take it this soon.
      expect(Date.now() - t0).toBeLessThan(60_000);
    } finally {
      await db.close();
    }
    fs.rmSync(dir, { recursive: true, force: true });
  }, 120_000);

  it('still refuses while the owner runs', async () => {
    const live = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    const dir = lockedBy(live.pid!);
    try {
      await expect(openDatabase({ dataDir: dir })).rejects.toBeInstanceOf(DataDirLockedError);
    } finally {
      live.kill();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
