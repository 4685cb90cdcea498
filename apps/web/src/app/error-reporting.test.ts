import { describe, expect, it } from 'vitest';
import { scrubConsoleEvent } from './error-reporting';

describe('console error reports carry no personal data', () => {
  it('drops user, extra, breadcrumbs, headers, cookies, query string and body; keeps method and path', () => {
    expect(
      scrubConsoleEvent({
        user: { email: 'a@b.c' },
        extra: { x: 1 },
        breadcrumbs: [{ message: 'clicked Jane Doe' }],
        request: {
          method: 'GET',
          url: 'https://vigil.example/employees/12?search=Jane',
          headers: { Cookie: 'x' },
          cookies: { a: 'b' },
          query_string: 'search=Jane',
        },
      }),
    ).toEqual({ breadcrumbs: [], request: { method: 'GET', url: '/employees/12' } });
  });
});
