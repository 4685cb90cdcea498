/**
 * The employee lists as the server sees them (spec §7 getallemployees): a page carries the case,
 * the dealer's organisation, the chosen filters, the search and the paging; the CSV export the same
 * filters from the first row, with format csv and no page size.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CSRF_PATH, resetCsrfToken } from '../../shared/api/client';
import { adminEmployeeList, employeeList } from './api';

function stubFetch(answer: () => Response) {
  const mock = vi.fn(async (url: string, _init: RequestInit) =>
    url === CSRF_PATH ? new Response(null, { status: 204, headers: { 'x-xsrf-token': 't' } }) : answer(),
  );
  vi.stubGlobal('fetch', mock);
  return () =>
    mock.mock.calls.filter(([url]) => url !== CSRF_PATH).map(([url, init]) => ({ url, body: JSON.parse(String(init.body)) as unknown }));
}

const row = { UserId: 7, Name: 'Arben', Surname: 'Berisha' };

beforeEach(() => resetCsrfToken());
afterEach(() => vi.unstubAllGlobals());

describe('employee list sources', () => {
  it('asks for a page of the selected organisation with the filters and search, and reads rows and total', async () => {
    const sent = stubFetch(() => Response.json({ success: true, body: { personobject: [row], total: 41 } }));
    const page = await employeeList({ organizationId: 3 }).page(
      { search: 'ber', filters: { roleId: '6', statusId: '1' }, offset: 25, limit: 25 },
      new AbortController().signal,
    );
    expect(page).toEqual({ rows: [row], total: 41 });
    expect(sent()).toEqual([
      {
        url: '/api/client/getallemployees',
        body: { case: 'GET-ALL-EMPLOYEES', organizationId: 3, roleId: '6', statusId: '1', search: 'ber', offset: 25, limit: 25 },
      },
    ]);
  });

  it('exports the same filters as CSV from the first row, and the admin list uses the admin call', async () => {
    const sent = stubFetch(() => new Response('Name\nArben\n', { status: 200, headers: { 'content-type': 'text/csv' } }));
    const file = await adminEmployeeList.exportCsv!({ filters: { organizationId: '2' } });
    expect(await file.blob.text()).toBe('Name\nArben\n');
    expect(sent()).toEqual([
      { url: '/api/admin/getallemployees', body: { case: 'GET-ALL-EMPLOYEES', organizationId: '2', format: 'csv', offset: 0 } },
    ]);
  });
});
