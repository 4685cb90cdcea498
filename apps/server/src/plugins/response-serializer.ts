/**
 * The serializer of every route that declares `schema.response` (issue 11: each answer's shape is
 * the contract's zod schema, see docs/API.md). Production (RESPONSE_VALIDATION off, the default)
 * only serialises with JSON.stringify, so answers are not slower than without schemas (issue 20
 * measures throughput); a {@link PreSerialized} answer is sent as its JSON text. With RESPONSE_VALIDATION on (the API test harness and the e2e server) every
 * answer is first checked against its declared schema: a missing field, a wrong type or an
 * undeclared extra field (the contract's answer objects are strict) throws a
 * {@link ResponseShapeError}, which is logged with the route and the zod issue paths and answers
 * 500 errors.generic, so a test that reaches the route fails.
 */
import type { FastifyBaseLogger, FastifySerializerCompiler } from 'fastify';
import type { z } from 'zod';

/** An answer that does not match its route's declared response schema (RESPONSE_VALIDATION on). */
export class ResponseShapeError extends Error {
  constructor(
    /** e.g. "POST /api/client/getofficesv2 200". */
    public readonly route: string,
    /** The zod issues, each `path: message` (path joined with dots, e.g. "body.organizationobject.0.Name"). */
    public readonly issues: string[],
  ) {
    super(`response of ${route} does not match its schema: ${issues.join('; ')}`);
    this.name = 'ResponseShapeError';
  }
}

/**
 * An answer already serialised (a cached answer, e.g. the branch board's): `json` is sent as it is;
 * `value`, what it serialises, is what RESPONSE_VALIDATION checks, so cached answers are checked too.
 */
export class PreSerialized {
  constructor(
    public readonly json: string,
    public readonly value: unknown,
  ) {}
}

/**
 * A handler's answer `value` sent as its JSON text `json` (which must be `JSON.stringify(value)`),
 * typed as the value so that the route's typed reply accepts it; only this serializer sees that it
 * is a {@link PreSerialized}.
 */
export function preSerialized<T>(json: string, value: T): T {
  return new PreSerialized(json, value) as unknown as T;
}

/** The zod issues of a failed check, as `path: message` lines (at most 10). */
function describeIssues(error: z.ZodError): string[] {
  return error.issues.slice(0, 10).map((i) => `${i.path.map(String).join('.') || '(root)'}: ${i.message}`);
}

/**
 * Builds the serializer compiler. `validate`: check each answer against the route's schema before
 * serialising (RESPONSE_VALIDATION); `log`: where a mismatch is logged (error level, with `route`
 * and `issues`).
 */
export function responseSerializerCompiler(options: { validate: boolean; log: FastifyBaseLogger }): FastifySerializerCompiler<z.ZodType> {
  const { validate, log } = options;
  return ({ schema, method, url, httpStatus }) => {
    if (!validate) return (data) => (data instanceof PreSerialized ? data.json : JSON.stringify(data));
    const route = `${method} ${url} ${httpStatus}`;
    return (data) => {
      const pre = data instanceof PreSerialized ? data : undefined;
      const result = schema.safeParse(pre ? pre.value : data);
      if (!result.success) {
        const issues = describeIssues(result.error);
        log.error({ route, issues }, 'response does not match its declared schema');
        throw new ResponseShapeError(route, issues);
      }
      return pre ? pre.json : JSON.stringify(data);
    };
  };
}
