/**
 * What an alert shows for a failed call (spec §8): the catalogue text of the envelope's `code`
 * when the catalogue has it, else the server's description, else the generic message.
 */
import { ErrorCode, PRODUCT_NAME_DEFAULT } from '@vigil/contract';
import { ApiError } from './client';

export type ErrorDisplay = { key: string; vars: Record<string, string> } | { text: string };

/** Codes whose text the server fills with values of its own (the minutes of a rate-limit window). */
const SERVER_FILLED = new Set<string>([ErrorCode.RateLimited]);

/**
 * Pure mapping; `hasKey` says whether the catalogue knows a key. `fallbackKey` is the screen's own
 * §8 failure text ('Error retrieving Users', 'Error updating Branch mode', …): it replaces the
 * generic message when the server gave no explanation of its own (network failure, 5xx, or no
 * code/description); a refusal the server explains (a 4xx with a code or description) keeps its text.
 */
export function describeError(err: unknown, hasKey: (key: string) => boolean, fallbackKey?: string): ErrorDisplay {
  const vars = { product: PRODUCT_NAME_DEFAULT, ...(err instanceof ApiError ? err.vars : undefined) };
  if (fallbackKey && !(err instanceof ApiError && err.status >= 400 && err.status < 500 && (err.code || err.description))) {
    return { key: fallbackKey, vars };
  }
  if (err instanceof ApiError && err.code && SERVER_FILLED.has(err.code)) {
    // The server's text names values the console does not know (the rate-limit window).
    return err.description ? { text: err.description } : { key: ErrorCode.Generic, vars };
  }
  if (err instanceof ApiError) {
    if (err.code && hasKey(err.code)) return { key: err.code, vars };
    if (err.description) return { text: err.description };
  }
  return { key: ErrorCode.Generic, vars };
}
