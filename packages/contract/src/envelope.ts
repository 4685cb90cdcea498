/**
 * The response envelope of every API call (ARCHITECTURE.md Contract; spec §7 "Success is read
 * from a success flag, with data in body"). HTTP status carries the class: 200 ok, 400 bad input,
 * 401 no session, 403 not allowed, 404 not found, 409 conflict, 429 rate limited.
 */
export interface Envelope<TBody = unknown> {
  success: boolean;
  body?: TBody;
  /** Human-readable text in the request's language (failure reason or server message). */
  description?: string;
  /** Stable error code: a catalogue key (see errors.ts). Present on failures. */
  code?: string;
  /** For 400s: the field path that failed, e.g. "username". */
  field?: string;
}
