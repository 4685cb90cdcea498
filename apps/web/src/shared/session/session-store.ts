/**
 * The signed-in user (spec §3 Session; §2 Session gate). Stored in localStorage 'vigil.session'
 * without the token; the token from login/isauthenticated is kept in memory only (for the
 * real-time channel of a later issue). Components read it with useSession().
 */
import type { UserInfos } from '@vigil/contract';

export const SESSION_STORAGE_KEY = 'vigil.session';

export interface StoredSession {
  UserId: number;
  Email: string;
  RoleId: number;
  RoleName: string;
  RoleNameDisplay: string;
  Name: string;
  Surname: string;
  PhoneNumber: string | null;
  OrganizationId: number | null;
  IsAdmin: boolean;
  /** A temporary password is in use: the console shows only the password change (SessionGate). */
  MustChangePassword?: boolean;
}

type Listener = () => void;

let current: StoredSession | null = null;
let token: string | null = null;
let loaded = false;
const listeners = new Set<Listener>();

function isStoredSession(v: unknown): v is StoredSession {
  if (typeof v !== 'object' || v === null) return false;
  const s = v as Record<string, unknown>;
  return typeof s.UserId === 'number' && typeof s.RoleId === 'number' && typeof s.Email === 'string' && typeof s.IsAdmin === 'boolean';
}

function load(): StoredSession | null {
  try {
    const raw = localStorage.getItem(SESSION_STORAGE_KEY);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    return isStoredSession(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

function emit(): void {
  listeners.forEach((l) => l());
}

/** The current session (read once from localStorage on first use). */
export function getSession(): StoredSession | null {
  if (!loaded) {
    current = load();
    loaded = true;
  }
  return current;
}

/** The session token from the last login or session check (memory only). */
export function getSessionToken(): string | null {
  return token;
}

/** The stored shape of a login/isauthenticated answer. */
export function toStoredSession(u: UserInfos, isAdmin: boolean): StoredSession {
  return {
    UserId: u.UserId,
    Email: u.Email,
    RoleId: u.RoleId,
    RoleName: u.RoleName,
    RoleNameDisplay: u.RoleNameDisplay,
    Name: u.Name,
    Surname: u.Surname,
    PhoneNumber: u.PhoneNumber,
    OrganizationId: u.OrganizationId,
    IsAdmin: isAdmin,
    MustChangePassword: u.MustChangePassword === true,
  };
}

/** Start or refresh the session from a login or isauthenticated answer. */
export function setSession(u: UserInfos, isAdmin: boolean): void {
  token = u.Token || null;
  writeSession(toStoredSession(u, isAdmin));
}

/** Change stored fields (e.g. names after a profile save). */
export function updateSession(patch: Partial<Omit<StoredSession, 'IsAdmin' | 'UserId'>>): void {
  const s = getSession();
  if (s) writeSession({ ...s, ...patch });
}

function writeSession(s: StoredSession): void {
  current = s;
  loaded = true;
  try {
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(s));
  } catch {
    // storage full or blocked: the in-memory session still works for this tab
  }
  emit();
}

/** End the session locally (logout, 401, failed startup check). */
export function clearSession(): void {
  current = null;
  token = null;
  loaded = true;
  try {
    localStorage.removeItem(SESSION_STORAGE_KEY);
  } catch {
    // ignore
  }
  emit();
}

export function subscribeSession(l: Listener): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}
