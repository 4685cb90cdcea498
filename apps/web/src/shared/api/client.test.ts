import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiPost, configureApiClient, currentCsrfToken, fetchCsrfToken, postEnvelope, resetCsrfToken } from './client';
import { describeError } from './error-text';

function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
}

describe('api client', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    resetCsrfToken();
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('fetches the CSRF token and sends it with Accept-Language on every POST', async () => {
    configureApiClient({ getLanguage: () => 'sq', hasSession: () => false });
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204, headers: { 'x-xsrf-token': 'tok1' } }));
    await fetchCsrfToken();
    expect(currentCsrfToken()).toBe('tok1');
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { success: true, body: { a: 1 } }));
    await expect(apiPost('/api/x', {})).resolves.toEqual({ a: 1 });
    const init = fetchMock.mock.calls[1]![1]!;
    const headers = init.headers as Record<string, string>;
    expect(headers['x-xsrf-token']).toBe('tok1');
    expect(headers['Accept-Language']).toBe('sq');
    expect(init.credentials).toBe('same-origin');
  });

  it('saves a rotated token from any response', async () => {
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204, headers: { 'x-xsrf-token': 'old' } }));
    await fetchCsrfToken();
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { success: true, body: {} }, { 'x-xsrf-token': 'new' }));
    await apiPost('/api/client/login', {});
    expect(currentCsrfToken()).toBe('new');
  });

  it('fails with errors.securityToken when the token cannot be fetched', async () => {
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 500 }));
    await expect(fetchCsrfToken()).rejects.toMatchObject({ code: 'errors.securityToken' });
  });

  it('maps a failed envelope to ApiError with status, code and description', async () => {
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204, headers: { 'x-xsrf-token': 't' } }));
    fetchMock.mockResolvedValueOnce(
      jsonResponse(400, { success: false, code: 'errors.invalidCredentials', description: 'Invalid username or password' }),
    );
    const err = await apiPost('/api/client/login', {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 400, code: 'errors.invalidCredentials', description: 'Invalid username or password' });
  });

  it('returns the envelope of a 200 success:false answer, and apiPost throws an unsuccessful ApiError', async () => {
    fetchMock.mockImplementation(async () => jsonResponse(200, { success: false, description: 'nope' }, { 'x-xsrf-token': 't' }));
    await expect(postEnvelope('/api/x', {})).resolves.toEqual({ success: false, description: 'nope' });
    const err = await apiPost('/api/x', {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).unsuccessful).toBe(true);
  });

  it('calls the unauthorized handler on a 401 only while a session exists', async () => {
    const onUnauthorized = vi.fn();
    let session = false;
    configureApiClient({ onUnauthorized, hasSession: () => session });
    fetchMock.mockImplementation(async () => jsonResponse(401, { success: false }, { 'x-xsrf-token': 't' }));
    await apiPost('/api/x', {}).catch(() => undefined);
    expect(onUnauthorized).not.toHaveBeenCalled();
    session = true;
    const err = await apiPost('/api/x', {}).catch((e: unknown) => e);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(err).toMatchObject({ status: 401, code: 'errors.sessionExpired' });
    await apiPost('/api/client/logout', {}, { ignoreUnauthorized: true }).catch(() => undefined);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('turns a network failure into the generic error', async () => {
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204, headers: { 'x-xsrf-token': 't' } }));
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(apiPost('/api/x', {})).rejects.toMatchObject({ status: 0, code: 'errors.generic' });
  });
});

describe('describeError', () => {
  const known = new Set(['errors.invalidCredentials', 'errors.generic', 'errors.webLoginNotAllowed']);
  const hasKey = (k: string) => known.has(k);

  it('prefers the catalogue code, with the product name for interpolation', () => {
    expect(describeError(new ApiError(403, { code: 'errors.webLoginNotAllowed', description: 'x' }), hasKey)).toEqual({
      key: 'errors.webLoginNotAllowed',
      vars: { product: 'Vigil' },
    });
  });
  it('falls back to the description when the code is unknown or missing', () => {
    expect(describeError(new ApiError(400, { code: 'errors.unknownThing', description: 'Server says' }), hasKey)).toEqual({
      text: 'Server says',
    });
    expect(describeError(new ApiError(400, { description: 'Only text' }), hasKey)).toEqual({ text: 'Only text' });
  });
  it("shows the server's rate-limit text, which names the window's minutes", () => {
    const text = 'Too many attempts. Please wait 5 minutes and try again.';
    expect(describeError(new ApiError(429, { code: 'errors.rateLimited', description: text }), () => true)).toEqual({ text });
    expect(describeError(new ApiError(429, { code: 'errors.rateLimited' }), () => true)).toMatchObject({ key: 'errors.generic' });
  });
  it("shows the screen's §8 failure text when the server gave no explanation, and the server's refusal otherwise", () => {
    const fallback = 'errors.retrievingUsers';
    expect(describeError(new ApiError(500), hasKey, fallback)).toEqual({ key: fallback, vars: { product: 'Vigil' } });
    expect(describeError(new ApiError(0), hasKey, fallback)).toMatchObject({ key: fallback });
    expect(describeError(new TypeError('Failed to fetch'), hasKey, fallback)).toMatchObject({ key: fallback });
    expect(describeError(new ApiError(403, { code: 'errors.webLoginNotAllowed' }), hasKey, fallback)).toMatchObject({
      key: 'errors.webLoginNotAllowed',
    });
    expect(describeError(new ApiError(400, { description: 'Name in use' }), hasKey, fallback)).toEqual({ text: 'Name in use' });
  });
  it('falls back to the generic message otherwise', () => {
    expect(describeError(new ApiError(500), hasKey)).toMatchObject({ key: 'errors.generic' });
    expect(describeError(new Error('boom'), hasKey)).toMatchObject({ key: 'errors.generic' });
  });
});
