/**
 * Report requests as the server sees them (spec §7 Reports): a screen's page carries the report's
 * case and own filters, the global range, the scope, the sort and the paging; its export the same
 * request from the first row with the chosen format.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CSRF_PATH, resetCsrfToken } from '../../shared/api/client';
import { activityReport, surveyReport, type ReportFrame } from './api';

function stubFetch(answer: () => Response) {
  const mock = vi.fn(async (url: string, _init: RequestInit) =>
    url === CSRF_PATH ? new Response(null, { status: 204, headers: { 'x-xsrf-token': 't' } }) : answer(),
  );
  vi.stubGlobal('fetch', mock);
  return () =>
    mock.mock.calls.filter(([url]) => url !== CSRF_PATH).map(([url, init]) => ({ url, body: JSON.parse(String(init.body)) as unknown }));
}

beforeEach(() => resetCsrfToken());
afterEach(() => vi.unstubAllGlobals());

const frame: ReportFrame<'time'> = { fromDate: '2026-03-01', toDate: '2026-03-31', branchOfficeId: 4, sortBy: 'time', sortDir: 'desc' };

describe('report sources', () => {
  it('asks the activities report for a page with its type, search, range, scope, sort and paging, and reads body.notificationobject (spec §7)', async () => {
    const sent = stubFetch(() => Response.json({ success: true, body: { notificationobject: [{ NotificationId: 1 }], total: 120 } }));
    const page = await activityReport({ type: 'panic', search: 'desk' }).page(
      { ...frame, offset: 50, limit: 25 },
      new AbortController().signal,
    );
    expect(page).toEqual({ rows: [{ NotificationId: 1 }], total: 120 });
    expect(sent()).toEqual([
      {
        url: '/api/client/getnotifications',
        body: { case: 'GET-ALL-REPORTS', type: 'panic', search: 'desk', ...frame, offset: 50, limit: 25 },
      },
    ]);
  });

  it('reads the survey rows from temp_surveyobject, and exports XLSX from the first row', async () => {
    const sent = stubFetch(() => Response.json({ success: true, body: { temp_surveyobject: [{ SubmitetSurveyId: 9 }], total: 1 } }));
    const survey = surveyReport();
    const surveyFrame = { ...frame, sortBy: 'createdAt' as const };
    expect(await survey.page({ ...surveyFrame, offset: 0, limit: 25 }, new AbortController().signal)).toEqual({
      rows: [{ SubmitetSurveyId: 9 }],
      total: 1,
    });
    await survey.download(surveyFrame, { format: 'xlsx', onProgress: () => undefined, signal: new AbortController().signal });
    expect(sent()[1]).toEqual({
      url: '/api/client/managesurveys',
      body: { case: 'GET-ALL-SURVEY-REPORTING', ...surveyFrame, format: 'xlsx', offset: 0 },
    });
  });
});
