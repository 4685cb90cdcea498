/**
 * A one-shot message for the login page (logout text, session-expired warning, startup
 * security-token failure), kept in sessionStorage so it survives redirects.
 */
export const FLASH_STORAGE_KEY = 'vigil.flash';

export type FlashSeverity = 'success' | 'info' | 'warning' | 'error';
export interface Flash {
  severity: FlashSeverity;
  /** Catalogue key. */
  key: string;
}

export function setFlash(f: Flash): void {
  try {
    sessionStorage.setItem(FLASH_STORAGE_KEY, JSON.stringify(f));
  } catch {
    // ignore
  }
}

export function peekFlash(): Flash | null {
  try {
    const raw = sessionStorage.getItem(FLASH_STORAGE_KEY);
    if (!raw) return null;
    const v: unknown = JSON.parse(raw);
    if (typeof v === 'object' && v !== null && typeof (v as Flash).key === 'string' && typeof (v as Flash).severity === 'string')
      return v as Flash;
    return null;
  } catch {
    return null;
  }
}

export function clearFlash(): void {
  try {
    sessionStorage.removeItem(FLASH_STORAGE_KEY);
  } catch {
    // ignore
  }
}
