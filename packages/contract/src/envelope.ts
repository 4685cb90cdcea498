/**
 * The response envelope of every API call (ARCHITECTURE.md Contract; spec §7 "Success is read
 * from a success flag, with data in body"). HTTP status carries the class: 200 ok, 400 bad input,
 * 401 no session, 403 not allowed, 404 not found, 409 conflict, 429 rate limited.
 */
import { z } from 'zod';

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

/** A success answer as a handler returns it: `{success: true, body, description?}` (see {@link envelopeOf}). */
export interface Answer<TBody> {
  success: boolean;
  body: TBody;
  /** A server message shown to the user, in the request's language. */
  description?: string;
}

/**
 * `success` of a success envelope: must be true. Typed boolean so that a handler's
 * `{success: true, …}` object literal (widened to boolean by TypeScript) fits the route's schema.
 */
const ZSuccessTrue = z.boolean().refine((v) => v === true, 'must be true');

/**
 * The success envelope of an answer body (a route's `schema.response[200]`):
 * `{success: true, body, description?}`; strict, so an undeclared key fails the check
 * (RESPONSE_VALIDATION, server plugins/response-serializer.ts).
 */
export function envelopeOf<TBody extends z.ZodType>(body: TBody) {
  return z.strictObject({
    success: ZSuccessTrue,
    body,
    /** A server message shown to the user, in the request's language. */
    description: z.string().optional(),
  });
}

/** A success envelope without a body: `{success: true, description?}`. */
export const ZOkEnvelope = z.strictObject({ success: ZSuccessTrue, description: z.string().optional() });

/**
 * The failure envelope of every 4xx (server plugins/errors.ts sendError):
 * `{success: false, code, description, field?}`; code is a catalogue key (errors.ts).
 */
export const ZErrorEnvelope = z.strictObject({
  success: z.literal(false),
  code: z.string(),
  description: z.string(),
  /** For 400s: the field path that failed, e.g. "username". */
  field: z.string().optional(),
});
export type ErrorEnvelope = z.output<typeof ZErrorEnvelope>;

/**
 * A route's `schema.response`: the success envelope of `body` for 200 and {@link ZErrorEnvelope}
 * for every 4xx. `body` may be a union (a route whose `case` picks different bodies).
 */
export function responsesOf<TBody extends z.ZodType>(body: TBody) {
  return { 200: envelopeOf(body), '4xx': ZErrorEnvelope } as const;
}
