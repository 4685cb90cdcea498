/**
 * The one HTTP client of the console (spec §7 "A CSRF header is attached when known and cookies
 * are sent ... A 401 response logs the user out. A new CSRF token in the x-xsrf-token response
 * header is saved. Success is read from a success flag, with data in body").
 *
 * Pages never call fetch: feature api.ts hooks call `apiPost` / `apiGet` / `postEnvelope` / `postForm`, and
 * file downloads go through shared/api/download.ts (`postForResponse`), so every call shares one
 * CSRF, language and 401 rule.
 */
import type { Envelope } from '@vigil/contract';
import { ErrorCode } from '@vigil/contract';

export const CSRF_HEADER = 'x-xsrf-token';
export const CSRF_PATH = '/security/csrf-token';

/** A failed call: HTTP status (0 when the request itself failed), catalogue code, server text. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly description: string | undefined;
  readonly field: string | undefined;
  /** Values the catalogue text of `code` is filled with ('Error connecting to server: code {status} {text}'). */
  readonly vars: Record<string, string> | undefined;
  constructor(status: number, init: { code?: string; description?: string; field?: string; vars?: Record<string, string> } = {}) {
    super(init.code ?? init.description ?? `HTTP ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.code = init.code;
    this.description = init.description;
    this.field = init.field;
    this.vars = init.vars;
  }
  /** True for a 2xx answer whose envelope said success:false (a "warning", not a failure). */
  get unsuccessful(): boolean {
    return this.status >= 200 && this.status < 300;
  }
}

export interface ApiClientConfig {
  /** Current UI language for Accept-Language. */
  getLanguage: () => string;
  /** Called on a 401 while a session exists (spec §2: logged out with a warning). */
  onUnauthorized: () => void;
  /** Whether a session currently exists. */
  hasSession: () => boolean;
}

let config: ApiClientConfig = { getLanguage: () => 'en', onUnauthorized: () => undefined, hasSession: () => false };
let csrfToken: string | null = null;

export function configureApiClient(next: Partial<ApiClientConfig>): void {
  config = { ...config, ...next };
}

/** The CSRF token last seen (null before the first GET /security/csrf-token). */
export function currentCsrfToken(): string | null {
  return csrfToken;
}

/** Test hook: forget the CSRF token. */
export function resetCsrfToken(): void {
  csrfToken = null;
}

function captureCsrf(res: Response): void {
  const token = res.headers.get(CSRF_HEADER);
  if (token) csrfToken = token;
}

function baseHeaders(): Record<string, string> {
  const h: Record<string, string> = { 'Accept-Language': config.getLanguage() };
  if (csrfToken) h[CSRF_HEADER] = csrfToken;
  return h;
}

/** GET /security/csrf-token (expects 204 and the header). Throws ApiError errors.securityToken. */
export async function fetchCsrfToken(): Promise<string> {
  let res: Response;
  try {
    res = await fetch(CSRF_PATH, { method: 'GET', credentials: 'same-origin', headers: { 'Accept-Language': config.getLanguage() } });
  } catch {
    throw new ApiError(0, { code: ErrorCode.SecurityToken });
  }
  captureCsrf(res);
  if (!res.ok || !csrfToken) throw new ApiError(res.status, { code: ErrorCode.SecurityToken });
  return csrfToken;
}

function isEnvelope(v: unknown): v is Envelope {
  return typeof v === 'object' && v !== null && typeof (v as { success?: unknown }).success === 'boolean';
}

async function readJson(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export interface PostOptions {
  /** Do not treat a 401 as a session expiry (logout, startup check). */
  ignoreUnauthorized?: boolean;
  signal?: AbortSignal;
}

async function send(path: string, init: RequestInit, opts: PostOptions): Promise<Response> {
  if (!csrfToken) {
    // The startup fetch failed or has not happened: try once more before a state-changing call.
    await fetchCsrfToken().catch(() => undefined);
  }
  let res: Response;
  try {
    res = await fetch(path, {
      ...init,
      method: 'POST',
      credentials: 'same-origin',
      headers: { ...baseHeaders(), ...(init.headers as Record<string, string> | undefined) },
      signal: opts.signal ?? null,
    });
  } catch (e) {
    if (e instanceof DOMException && e.name === 'AbortError') throw e;
    throw new ApiError(0, { code: ErrorCode.Generic });
  }
  captureCsrf(res);
  if (res.status === 401 && !opts.ignoreUnauthorized && config.hasSession()) config.onUnauthorized();
  return res;
}

/** The ApiError of a failed answer: the envelope's code, description and field when it has them. */
function failure(res: Response, data: unknown): ApiError {
  const env = isEnvelope(data) ? data : undefined;
  return new ApiError(res.status, { code: env?.code ?? fallbackCode(res.status), description: env?.description, field: env?.field });
}

/**
 * POST `payload` as JSON and return the raw answer (file downloads read its stream): the same
 * CSRF header, language, cookies, 401 rule and network-error mapping as every other call.
 * A non-2xx answer throws ApiError (the envelope's code and description when it has one).
 * @throws ApiError (status 0, errors.generic) when the request itself fails; DOMException AbortError when aborted.
 */
export async function postForResponse(path: string, payload: unknown, opts: PostOptions = {}): Promise<Response> {
  const res = await send(path, { body: JSON.stringify(payload ?? {}), headers: { 'Content-Type': 'application/json' } }, opts);
  if (!res.ok) throw failure(res, await readJson(res));
  return res;
}

/**
 * POST JSON and return the envelope of a 2xx answer (success true or false). Non-2xx answers
 * and network failures throw ApiError with the envelope's code/description when present.
 */
export async function postEnvelope<TBody>(path: string, payload: unknown, opts: PostOptions = {}): Promise<Envelope<TBody>> {
  const res = await send(
    path,
    { body: JSON.stringify(payload ?? {}), headers: { 'Content-Type': 'application/json', Accept: 'application/json' } },
    opts,
  );
  const data = await readJson(res);
  if (!res.ok) throw failure(res, data);
  if (!isEnvelope(data)) throw new ApiError(res.status, { code: ErrorCode.Generic });
  return data as Envelope<TBody>;
}

/** POST JSON and return `body` of a successful envelope; success:false throws ApiError (unsuccessful). */
export async function apiPost<TBody>(path: string, payload: unknown, opts: PostOptions = {}): Promise<TBody> {
  const env = await postEnvelope<TBody>(path, payload, opts);
  if (!env.success) throw new ApiError(200, { code: env.code, description: env.description, field: env.field });
  return env.body as TBody;
}

/**
 * GET `path` with query parameters (undefined values left out) and return `body` of a
 * successful envelope; failures throw ApiError like apiPost. A 401 ends the session.
 */
export async function apiGet<TBody>(
  path: string,
  query: Record<string, string | number | boolean | undefined> = {},
  opts: PostOptions = {},
): Promise<TBody> {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined) params.set(k, String(v));
  const qs = params.toString();
  let res: Response;
  try {
    res = await fetch(qs ? `${path}?${qs}` : path, {
      method: 'GET',
      credentials: 'same-origin',
      headers: { ...baseHeaders(), Accept: 'application/json' },
      signal: opts.signal ?? null,
    });
  } catch (e) {
    if (e instanceof DOMException && e.name === 'AbortError') throw e;
    throw new ApiError(0, { code: ErrorCode.Generic });
  }
  captureCsrf(res);
  if (res.status === 401 && !opts.ignoreUnauthorized && config.hasSession()) config.onUnauthorized();
  const data = await readJson(res);
  if (!res.ok) throw failure(res, data);
  if (!isEnvelope(data)) throw new ApiError(res.status, { code: ErrorCode.Generic });
  const env = data as Envelope<TBody>;
  if (!env.success) throw new ApiError(200, { code: env.code, description: env.description, field: env.field });
  return env.body as TBody;
}

/**
 * POST application/x-www-form-urlencoded (the /locate lookup). Returns status, status text and
 * parsed JSON; throws ApiError (status 0) when the request itself fails.
 */
export async function postForm(
  path: string,
  fields: Record<string, string>,
  opts: PostOptions = {},
): Promise<{ status: number; statusText: string; data: unknown }> {
  const res = await send(
    path,
    {
      body: new URLSearchParams(fields).toString(),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
    },
    opts,
  );
  return { status: res.status, statusText: res.statusText, data: await readJson(res) };
}

/** A catalogue code for a failed status whose answer carried none. */
export function fallbackCode(status: number): string | undefined {
  if (status === 401) return ErrorCode.SessionExpired;
  if (status === 403) return ErrorCode.Forbidden;
  if (status === 404) return ErrorCode.NotFound;
  if (status === 429) return ErrorCode.RateLimited;
  return undefined;
}
