import { describe, expect, it } from 'vitest';
import { ErrorCode } from '@vigil/contract';
import { ApiError } from '../../shared/api/client';
import { describeError } from '../../shared/api/error-text';
import { hasSingleAt, isSsoReturn, ssoTarget } from './api';

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

describe('single sign-on return (spec §2)', () => {
  it('signs in on code with session_state (or state), never on a bare code', () => {
    expect(isSsoReturn(new URLSearchParams('code=abc&session_state=xyz'))).toBe(true);
    expect(isSsoReturn(new URLSearchParams('code=abc&state=s1'))).toBe(true);
    expect(isSsoReturn(new URLSearchParams('code=abc'))).toBe(false);
    expect(isSsoReturn(new URLSearchParams('session_state=xyz'))).toBe(false);
  });
});

describe('login-server failure texts (spec §8)', () => {
  it("fills 'Error connecting to server: code {status} {text}' with the answer's status and text", () => {
    const err = new ApiError(503, { code: ErrorCode.ConnectError, vars: { status: '503', text: 'Service Unavailable' } });
    expect(describeError(err, () => true)).toEqual({
      key: 'errors.connectError',
      vars: { product: 'Vigil', status: '503', text: 'Service Unavailable' },
    });
    expect(describeError(new ApiError(0, { code: ErrorCode.NoServer }), () => true)).toMatchObject({ key: 'errors.noServer' });
  });
});
