/**
 * The session gate (spec §2 Session gate) as a pure rule: where a path must redirect to, given
 * the current session, or null when it may render.
 *
 * - Without a session only paths containing /login, /resetpassword, /validateToken or /survey
 *   render; others go to /login?redirect=<path+search> (/admin/login?redirect=... under /admin).
 * - /logout and /admin/logout always render (they end whatever session there is).
 * - An admin session on a main-area path goes to /admin/employees; a client session on /admin/*
 *   goes to /. A signed-in user on a login page goes to its redirect value or home.
 */
export const ADMIN_HOME = '/admin/employees';
export const CLIENT_HOME = '/';

const PUBLIC_MARKERS = ['/login', '/resetpassword', '/validateToken', '/survey'];
const LOGOUT_PATHS = ['/logout', '/admin/logout'];

export interface GateSession {
  IsAdmin: boolean;
}

export function isPublicPath(pathname: string): boolean {
  return PUBLIC_MARKERS.some((m) => pathname.includes(m));
}

export function isLoginPath(pathname: string): boolean {
  return pathname === '/login' || pathname === '/admin/login';
}

export function isAdminPath(pathname: string): boolean {
  return pathname === '/admin' || pathname.startsWith('/admin/');
}

/** A redirect target from a query value, only if it is a same-site path. */
export function safeRedirect(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}

export function loginPathFor(pathname: string): string {
  return isAdminPath(pathname) ? '/admin/login' : '/login';
}

export function homeFor(session: GateSession): string {
  return session.IsAdmin ? ADMIN_HOME : CLIENT_HOME;
}

export function gateRedirect(pathname: string, search: string, session: GateSession | null): string | null {
  if (LOGOUT_PATHS.includes(pathname)) return null;
  if (!session) {
    if (isPublicPath(pathname)) return null;
    return `${loginPathFor(pathname)}?redirect=${encodeURIComponent(pathname + search)}`;
  }
  if (isLoginPath(pathname)) {
    const target = safeRedirect(new URLSearchParams(search).get('redirect'));
    if (target && isAdminPath(target) === session.IsAdmin && !isLoginPath(target.split('?')[0]!)) return target;
    return homeFor(session);
  }
  if (isPublicPath(pathname)) return null;
  if (session.IsAdmin && !isAdminPath(pathname)) return ADMIN_HOME;
  if (!session.IsAdmin && isAdminPath(pathname)) return CLIENT_HOME;
  return null;
}
