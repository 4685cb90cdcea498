import { describe, expect, it } from 'vitest';
import { hasSingleAt, ssoTarget } from './api';

describe('login-server lookup rules', () => {
  it('needs exactly one @', () => {
    expect(hasSingleAt('a@b.com')).toBe(true);
    expect(hasSingleAt('ab.com')).toBe(false);
    expect(hasSingleAt('a@b@c.com')).toBe(false);
  });
  it('redirects to single sign-on only for an https address marked sso', () => {
    expect(ssoTarget({ url: 'https://idp.example/authorize?x', sso: true })).toBe('https://idp.example/authorize?x');
    expect(ssoTarget({ url: 'http://idp.example/authorize', sso: true })).toBeNull();
    expect(ssoTarget({ url: 'https://vigil.example', sso: false })).toBeNull();
  });
});
