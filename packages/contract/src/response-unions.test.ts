/**
 * The answers of the routes whose `case` picks the body (issue 11): manageemployees answers a body
 * or none, and refuses an unclean import with its rows; the health probes' own shapes. Each
 * schema is strict, so a stray key or a body where none is declared fails.
 */
import { describe, expect, it } from 'vitest';
import { HealthzResponses, ManageemployeesResponses, ReadyzResponses, ZErrorReportingSettings, ZGetnotificationsBody } from './index.js';

const importResult = { rows: 2, errors: [{ Line: 3, Errors: [{ code: 'validation.required', message: 'Required' }] }], imported: 0 };

describe('manageemployees answers', () => {
  it('takes a bodiless success (RESEND-ACTIVATION) and an import result, not a stray key', () => {
    expect(ManageemployeesResponses[200].safeParse({ success: true, description: 'Sent' }).success).toBe(true);
    expect(ManageemployeesResponses[200].safeParse({ success: true, body: importResult }).success).toBe(true);
    expect(ManageemployeesResponses[200].safeParse({ success: true, description: 'Sent', extra: 1 }).success).toBe(false);
    expect(ManageemployeesResponses[200].safeParse({ success: true, body: { ...importResult, more: 1 } }).success).toBe(false);
  });

  it('refuses an unclean import with its rows, and other failures without a body', () => {
    const refusal = { success: false, code: 'management.errors.importNotClean', description: 'Fix the rows' };
    expect(ManageemployeesResponses['4xx'].safeParse({ ...refusal, body: importResult }).success).toBe(true);
    expect(ManageemployeesResponses['4xx'].safeParse(refusal).success).toBe(true);
    expect(ManageemployeesResponses['4xx'].safeParse({ ...refusal, body: { rows: 1 } }).success).toBe(false);
  });
});

describe('getnotifications answers', () => {
  it('takes the mark-read bodies and refuses a mix of two cases', () => {
    expect(ZGetnotificationsBody.safeParse({ taskid: 4 }).success).toBe(true);
    expect(ZGetnotificationsBody.safeParse({ upToNotificationId: 9 }).success).toBe(true);
    expect(ZGetnotificationsBody.safeParse({ taskid: 4, upToNotificationId: 9 }).success).toBe(false);
  });
});

describe('health probes', () => {
  it('declare 200 and 503 shapes', () => {
    expect(HealthzResponses[200].safeParse({ status: 'ok', database: 'postgres' }).success).toBe(true);
    expect(HealthzResponses[200].safeParse({ status: 'ok', database: 'mysql' }).success).toBe(false);
    expect(ReadyzResponses[503].safeParse({ status: 'draining' }).success).toBe(true);
    expect(ReadyzResponses[200].safeParse({ status: 'ok' }).success).toBe(false);
    expect(ZErrorReportingSettings.safeParse({ dsn: null, tracesSampleRate: 0.5, release: 'v25.07.2', environment: null }).success).toBe(
      true,
    );
    expect(ZErrorReportingSettings.safeParse({ dsn: null, tracesSampleRate: 2, release: 'v', environment: null }).success).toBe(false);
  });
});
