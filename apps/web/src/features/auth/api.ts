/**
 * Authentication calls (spec §7 Common and authentication): location lookup, client and admin
 * login / session check / logout, forgot password, sign-in with an external token
 * (externaltoken → loginwithtoken) and the single sign-on completion (sso).
 */
import type { z } from 'zod';
import {
  ErrorCode,
  SESSION_TYPE_WEB,
  WEB_VERSION_LABEL,
  type LocateResponse,
  type LoginRequest,
  type LoginResult,
  type SsoRequest,
  type UserInfos,
  type ZForgotPasswordRequest,
  type ZLoginWithTokenRequest,
} from '@vigil/contract';
import { ApiError, apiPost, postEnvelope, postForm } from '../../shared/api/client';
import { setSession } from '../../shared/session/session-store';
import { startFromIfNone } from '../../realtime/last-event-id';
import { useAction } from '../../shared/api/use-action';

export type Area = 'client' | 'admin';
const base = (area: Area) => `/api/${area}`;

export const SSO_DOMAIN_STORAGE_KEY = 'vigil.ssoDomain';

/** True when the email has exactly one '@' (spec §5: else 'Could not process email address'). */
export function hasSingleAt(email: string): boolean {
  return email.split('@').length === 2;
}

/**
 * POST /locate as form data (spec §7 location lookup, §8). Refusals, as ApiError codes:
 * errors.emailNotProcessable without exactly one '@'; errors.noServer ('Could not find server to
 * connect') when the request fails or the answer names no server; errors.locateFailed on 404; the server's rate-limit text on 429;
 * errors.connectError ('Error connecting to server: code {status} {text}') on any other non-200.
 */
export async function locate(email: string, redirectUri: string): Promise<LocateResponse> {
  if (!hasSingleAt(email)) throw new ApiError(400, { code: ErrorCode.EmailNotProcessable });
  const res = await postForm('/locate', { email, latitude: '', longitude: '', organization: '', redirectUri }).catch(() => null);
  if (!res) throw new ApiError(0, { code: ErrorCode.NoServer });
  if (res.status === 404) throw new ApiError(404, { code: ErrorCode.LocateFailed });
  if (res.status === 429) {
    const env = res.data as { description?: string } | undefined;
    throw new ApiError(429, { code: ErrorCode.RateLimited, description: env?.description });
  }
  if (res.status !== 200) {
    throw new ApiError(res.status, { code: ErrorCode.ConnectError, vars: { status: String(res.status), text: res.statusText } });
  }
  const body = (res.data as { body?: LocateResponse } | undefined)?.body;
  if (!body || typeof body.url !== 'string' || !body.url) throw new ApiError(res.status, { code: ErrorCode.NoServer });
  return body;
}

/**
 * True when /login is the return from single sign-on (spec §2: "with code and session_state query
 * values, the user is logged in automatically"): a `code` with `session_state` (or the OpenID
 * Connect `state` our own requests carry).
 */
export function isSsoReturn(params: URLSearchParams): boolean {
  return !!params.get('code') && (!!params.get('session_state') || !!params.get('state'));
}

/** Where the locate answer sends the browser: an SSO address, or null for the password step. */
export function ssoTarget(answer: LocateResponse): string | null {
  return answer.sso && answer.url.startsWith('https') ? answer.url : null;
}

export interface LoginInput {
  username: string;
  password: string;
}

/**
 * Stores the session of a sign-in or session check answer (session-store.ts setSession). A console
 * that has applied no event yet resumes its socket from the answer's event log position
 * (UserInfos.LastEventId; last-event-id.ts startFromIfNone), so nothing committed between this
 * answer and the socket's start is lost.
 */
export function startSession(u: UserInfos, isAdmin: boolean): void {
  startFromIfNone(u.LastEventId);
  setSession(u, isAdmin);
}

/** POST /api/<area>/login; on success the session is stored (token in memory). */
export async function login(area: Area, input: LoginInput): Promise<LoginResult> {
  const result = await apiPost<LoginResult>(`${base(area)}/login`, {
    username: input.username,
    password: input.password,
    sessiontype: SESSION_TYPE_WEB,
  } satisfies LoginRequest);
  startSession(result.UserInfos, area === 'admin');
  return result;
}

/**
 * POST /api/client/loginwithtoken with a one-time external token (externaltoken, the link
 * /login?token=…): a new console session of the token's user, stored like a password sign-in.
 */
export async function loginWithExternalToken(token: string): Promise<LoginResult> {
  const result = await apiPost<LoginResult>('/api/client/loginwithtoken', { token } satisfies z.input<typeof ZLoginWithTokenRequest>);
  startSession(result.UserInfos, false);
  return result;
}

/** POST /api/client/sso: completes single sign-on; the session is stored like a password login. */
export async function ssoLogin(body: SsoRequest): Promise<LoginResult> {
  const result = await apiPost<LoginResult>('/api/client/sso', body);
  startSession(result.UserInfos, false);
  return result;
}

/** POST /api/<area>/isauthenticated: the session's user, or ApiError (401). */
export async function isAuthenticated(area: Area): Promise<UserInfos> {
  const body = await apiPost<{ UserInfos: UserInfos }>(`${base(area)}/isauthenticated`, {}, { ignoreUnauthorized: true });
  return body.UserInfos;
}

/** POST /api/<area>/logout (errors are ignored by the caller: the local session ends anyway). */
export async function logout(area: Area): Promise<void> {
  await postEnvelope(`${base(area)}/logout`, {}, { ignoreUnauthorized: true });
}

/** POST /api/client/forgotpassword; resolves with the server's description. */
export async function forgotPassword(email: string): Promise<string | undefined> {
  const env = await postEnvelope<unknown>('/api/client/forgotpassword', {
    case: 'FORGOT-PASSWORD',
    email,
    version: WEB_VERSION_LABEL,
  } satisfies z.input<typeof ZForgotPasswordRequest>);
  if (!env.success) throw new ApiError(200, { code: env.code, description: env.description });
  return env.description;
}

const locateCall = (v: { email: string; redirectUri: string }) => locate(v.email, v.redirectUri);
const loginCalls: Record<Area, (v: LoginInput) => Promise<LoginResult>> = {
  client: (v) => login('client', v),
  admin: (v) => login('admin', v),
};

/** The email step's /locate call (no query cache on the sign-in pages: shared/api/use-action.ts). */
export function useLocate() {
  return useAction(locateCall);
}

/** The password step's login call of an area. */
export function useLogin(area: Area) {
  return useAction(loginCalls[area]);
}

/** The forgot-password form's call. */
export function useForgotPassword() {
  return useAction(forgotPassword);
}
