import { describe, expect, it } from 'vitest';
import { gateRedirect, safeRedirect } from './session-gate';

const client = { IsAdmin: false };
const admin = { IsAdmin: true };

describe('gateRedirect without a session', () => {
  it('lets public paths render', () => {
    for (const p of [
      '/login',
      '/admin/login',
      '/resetpassword/abc/a@b.c',
      '/validateToken/t/e',
      '/survey/t/1',
      '/logout',
      '/admin/logout',
    ]) {
      expect(gateRedirect(p, '', null)).toBeNull();
    }
  });
  it('sends main-area paths to /login with the path and query as redirect', () => {
    expect(gateRedirect('/', '', null)).toBe('/login?redirect=%2F');
    expect(gateRedirect('/employees/7', '?tab=2', null)).toBe('/login?redirect=%2Femployees%2F7%3Ftab%3D2');
  });
  it('sends /admin paths to /admin/login', () => {
    expect(gateRedirect('/admin/clients', '', null)).toBe('/admin/login?redirect=%2Fadmin%2Fclients');
  });
});

describe('gateRedirect with a session', () => {
  it('keeps each session in its own area', () => {
    expect(gateRedirect('/', '', admin)).toBe('/admin/employees');
    expect(gateRedirect('/reports/logaccess', '', admin)).toBe('/admin/employees');
    expect(gateRedirect('/admin/employees', '', client)).toBe('/');
    expect(gateRedirect('/admin/clients', '', admin)).toBeNull();
    expect(gateRedirect('/daily', '', client)).toBeNull();
  });
  it('moves a signed-in user off the login page to the redirect value or home', () => {
    expect(gateRedirect('/login', '?redirect=%2Fdaily', client)).toBe('/daily');
    expect(gateRedirect('/login', '', client)).toBe('/');
    expect(gateRedirect('/admin/login', '?redirect=%2Fadmin%2Fclients', admin)).toBe('/admin/clients');
    expect(gateRedirect('/admin/login', '', admin)).toBe('/admin/employees');
    expect(gateRedirect('/login', '?redirect=%2Fadmin%2Fclients', client)).toBe('/');
    expect(gateRedirect('/login', '?redirect=https%3A%2F%2Fevil.example', client)).toBe('/');
  });
});

describe('safeRedirect', () => {
  it('accepts only same-site paths', () => {
    expect(safeRedirect('/daily?x=1')).toBe('/daily?x=1');
    expect(safeRedirect('//evil.example')).toBeNull();
    expect(safeRedirect('https://evil.example')).toBeNull();
    expect(safeRedirect(null)).toBeNull();
  });
});
