/**
 * ENS delivery across a crash (issue 16 "Done when"): the server process is killed with SIGKILL
 * while an e-mail is in the middle of its SMTP transaction; started again on the same database, it
 * delivers every e-mail and SMS exactly once — counted at a real SMTP server (smtp-server) and at a
 * real HTTP SMS endpoint. PGlite (the data folder) and PostgreSQL.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { startCountingSmtpPeer, startSmsPeer, until } from './ens-peers.js';
import { ApiClient, DB_KINDS, freshDatabaseUrl } from './helpers.js';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = path.resolve(serverDir, '../..');

/** Starts the real server process; resolves with its base URL once it listens. */
function startServer(env: Record<string, string>): { child: ChildProcess; ready: Promise<string> } {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(serverDir, 'src/server.ts')], {
    cwd: repoRoot,
    env: { ...process.env, PORT: '0', LOG_LEVEL: 'warn', VIGIL_DEMO: '1', VIGIL_WEB_DIST: '/nonexistent', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const ready = new Promise<string>((resolve, reject) => {
    const check = () => {
      const m = /console on (http:\/\/[^\s]+)/.exec(out);
      if (m) resolve(m[1]!);
    };
    child.stdout!.on('data', (d) => {
      out += d;
      check();
    });
    child.stderr!.on('data', (d) => (out += d));
    child.on('exit', (code) => reject(new Error(`server exited ${code}: ${out}`)));
  });
  return { child, ready };
}

const exited = (c: ChildProcess) => new Promise((r) => (c.exitCode !== null || c.signalCode !== null ? r(null) : c.once('exit', r)));

describe.each(DB_KINDS)('ENS delivery across a crash on %s', (kind) => {
  it('kill -9 mid-delivery, start again: every e-mail and SMS delivered exactly once', async () => {
    const smtp = await startCountingSmtpPeer();
    const sms = await startSmsPeer();
    const target = await freshDatabaseUrl(kind);
    const dataDir = kind === 'pglite' ? fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-ens-')) : undefined;
    const env = {
      ...(target.url ? { DATABASE_URL: target.url } : { DATABASE_URL: '', VIGIL_DATA_DIR: dataDir! }),
      // PORT 0 prints the configured port, so take a free one.
      PORT: String(20_000 + Math.floor(Math.random() * 20_000)),
      SMTP_URL: smtp.url,
      SMS_URL: sms.url,
      ENS_DELIVERY_CONCURRENCY: '1',
      ENS_DELIVERY_INTERVAL_MS: '100',
      ENS_LEASE_MS: '1000',
      LOGIN_RATE_MAX: '1000',
    };
    let first: ReturnType<typeof startServer> | undefined;
    let second: ReturnType<typeof startServer> | undefined;
    try {
      first = startServer(env);
      const base = await first.ready;
      const api = new ApiClient(base);
      const login = await api.login('manager@example.com');
      const me = (login.json.body as { UserInfos: { UserId: number } }).UserInfos.UserId;
      const branches = await api.post<{ organizationobject: { BranchOfficeId: number }[] }>('/api/client/getofficesv2', {
        case: 'GET-ALL-BRANCH-OFFICES',
      });
      const branchId = branches.json.body!.organizationobject[0]!.BranchOfficeId;
      const staff = await api.post<{ userobject: { UserId: number; PhoneNumber: string | null }[] }>('/api/client/getbranchemployees', {
        param_branchid: branchId,
      });
      const people = staff.json.body!.userobject;
      const n = people.length;
      const withPhone = people.filter((p) => p.PhoneNumber).length;
      expect(n).toBeGreaterThan(3);

      // The SMTP server holds the mail after half of them and the process is killed while it waits for the answer.
      const killAt = Math.floor(n / 2);
      smtp.hold = (acceptedSoFar) => {
        if (acceptedSoFar < killAt) return false;
        smtp.hold = undefined;
        first!.child.kill('SIGKILL');
        return true;
      };
      const sent = await api.post('/api/client/manageensmessagetemplates', {
        case: 'NOTIFY-EMEGREGENCY',
        branchId,
        fromUserId: me,
        toUsersId: `{${people.map((p) => p.UserId).join(',')}}`,
        message: 'Evacuate the building.',
        notificationMethod: 'ALL',
      });
      expect(sent.status, JSON.stringify(sent.json)).toBe(200);
      await until(() => first!.child.signalCode === 'SIGKILL', 60_000, 'the kill');
      await exited(first.child);
      expect(smtp.accepted.length).toBe(killAt);
      // The embedded lock of a killed process is stale: the operator (here the test) removes it.
      if (dataDir) fs.rmSync(path.join(dataDir, 'vigil.lock'), { recursive: true, force: true });

      second = startServer(env);
      await second.ready;
      await until(() => smtp.accepted.length >= n && sms.received.length >= withPhone, 90_000, 'every delivery after the restart');
      await new Promise((r) => setTimeout(r, 1_500));
      expect(smtp.accepted).toHaveLength(n);
      expect(new Set(smtp.accepted).size).toBe(n);
      expect(sms.received).toHaveLength(withPhone);
      expect(new Set(sms.received.map((s) => s.key)).size).toBe(withPhone);
    } finally {
      for (const s of [first, second]) {
        if (s && s.child.exitCode === null && s.child.signalCode === null) {
          s.child.kill('SIGTERM');
          await exited(s.child);
        }
      }
      await smtp.close();
      await sms.close();
      await target.drop();
      if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 300_000);
});
