/**
 * Errors as the client sees them: the envelope `{success:false, code, description, field?}` with
 * the HTTP status of the class (ARCHITECTURE.md Contract). `code` is a catalogue key; the
 * description is its text in the request's language. Nothing but a bug answers 500, and a 500
 * says only the generic text (spec §8 "Error communicating with server").
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ErrorCode, type Envelope } from '@vigil/contract';
import { pickLanguage, translate, type Language } from '@vigil/i18n';
import { reportError } from './error-reporting.js';

/** An expected failure: HTTP status, catalogue key and interpolation values. */
export class AppError extends Error {
  constructor(
    public readonly statusCode: number,
    public readonly code: string,
    public readonly vars: Record<string, string | number> = {},
    public readonly field?: string,
  ) {
    super(code);
    this.name = 'AppError';
  }
}

export const badRequest = (code: string = ErrorCode.BadRequest, field?: string) => new AppError(400, code, {}, field);
export const unauthorized = (code: string = ErrorCode.SessionExpired) => new AppError(401, code);
export const forbidden = (code: string = ErrorCode.Forbidden, vars: Record<string, string | number> = {}) => new AppError(403, code, vars);
export const notFound = () => new AppError(404, ErrorCode.NotFound);

/** The language of a request: the user's explicit Accept-Language (the console sends its UI language). */
export function requestLanguage(req: FastifyRequest): Language {
  return pickLanguage(req.headers['accept-language']);
}

/** Interpolation values every message may use. */
function baseVars(app: FastifyInstance): Record<string, string> {
  return { product: app.config.productName };
}

/** Sends a failure envelope. */
export function sendError(
  req: FastifyRequest,
  reply: FastifyReply,
  status: number,
  code: string,
  vars: Record<string, string | number> = {},
  field?: string,
) {
  const lang = requestLanguage(req);
  const body: Envelope = {
    success: false,
    code,
    description: translate(lang, code, { ...baseVars(req.server), ...vars }),
  };
  if (field) body.field = field;
  return reply.status(status).send(body);
}

/** Validation message of a zod issue: our schemas use catalogue keys as messages. */
function issueCode(message: string): string {
  return /^([a-z]+\.)?(validation|errors)\.[A-Za-z]+$/.test(message) ? message : ErrorCode.BadRequest;
}

/** Installs the error and not-found handlers. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof AppError) return sendError(req, reply, err.statusCode, err.code, err.vars, err.field);
    if (hasZodFastifySchemaValidationErrors(err)) {
      const first = err.validation[0];
      const message = first?.message ?? '';
      const field = first?.instancePath?.replace(/^\//, '').replace(/\//g, '.') || undefined;
      const key = issueCode(message);
      const vars: Record<string, string | number> = {};
      const params = (first?.params ?? {}) as { issue?: { minimum?: number; maximum?: number } };
      if (params.issue?.minimum != null) vars.length = Number(params.issue.minimum);
      if (params.issue?.maximum != null) vars.length = Number(params.issue.maximum);
      return sendError(req, reply, 400, key, vars, field);
    }
    if (err.statusCode === 429) return sendError(req, reply, 429, ErrorCode.RateLimited, { minutes: 1 });
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      // Malformed JSON, wrong content type, body too large, …: bad input, described generically.
      return sendError(req, reply, err.statusCode === 413 || err.statusCode === 415 ? err.statusCode : 400, ErrorCode.BadRequest);
    }
    req.log.error({ err }, 'unhandled error');
    reportError(err, req);
    return sendError(req, reply, 500, ErrorCode.Generic);
  });
}
