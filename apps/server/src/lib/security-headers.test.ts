import { describe, expect, it } from 'vitest';
import helmet from 'helmet';
import { staticSecurityHeaders, type HeaderMiddleware } from './security-headers.js';

describe('staticSecurityHeaders', () => {
  it("returns exactly the headers helmet sets, with helmet's values", () => {
    const headers = new Map(staticSecurityHeaders(helmet({ strictTransportSecurity: false }) as HeaderMiddleware));
    expect(headers.get('Content-Security-Policy')).toMatch(/default-src 'self'/);
    expect(headers.get('X-Frame-Options')).toBe('SAMEORIGIN');
    expect(headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(headers.has('Strict-Transport-Security')).toBe(false);
  });

  it('refuses a middleware that does more than set headers or does not finish at once', () => {
    expect(() =>
      staticSecurityHeaders((_req, res, next) => {
        res.statusCode = 500;
        next();
      }),
    ).toThrow(/cannot be replayed/);
    expect(() => staticSecurityHeaders((_req, _res, next) => setTimeout(next, 1))).toThrow(/synchronously/);
    expect(() => staticSecurityHeaders((_req, _res, next) => next(new Error('bad options')))).toThrow('bad options');
  });
});
