/**
 * Input the database can store, checked once for every route before its schema runs (issue 12
 * finding 7): body, query and params may nest at most MAX_INPUT_DEPTH levels, and no text may
 * hold a NUL character or a lone UTF-16 surrogate (PostgreSQL refuses both: a 500 before). Such
 * input answers 400 validation.formatted naming the field. A route whose request must never be
 * refused for its text (the mobile alarm) sets `config.cleanText`: its texts are cleaned instead.
 */
import type { FastifyInstance } from 'fastify';
import { ValidationKey, cleanText, isStorableText } from '@vigil/contract';
import { badRequest } from './errors.js';

/** Deepest nesting of arrays and objects accepted in a request. */
export const MAX_INPUT_DEPTH = 32;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Clean NUL and lone surrogates out of texts instead of refusing them (the mobile alarm). */
    cleanText?: boolean;
  }
}

/**
 * Walks `value`: refuses nesting beyond MAX_INPUT_DEPTH and unstorable text (or cleans it in
 * place when `clean`). Iterative, O(size of the input). Returns the value (replaced when a
 * top-level string was cleaned). @throws 400 validation.formatted with the field's path.
 */
export function checkInput(value: unknown, clean: boolean): unknown {
  if (typeof value === 'string') {
    if (isStorableText(value)) return value;
    if (clean) return cleanText(value);
    throw badRequest(ValidationKey.Formatted);
  }
  const stack: { node: Record<string, unknown> | unknown[]; depth: number; path: string }[] = [];
  if (value && typeof value === 'object') stack.push({ node: value as Record<string, unknown>, depth: 1, path: '' });
  while (stack.length) {
    const { node, depth, path } = stack.pop()!;
    if (depth > MAX_INPUT_DEPTH) throw badRequest(ValidationKey.Formatted, path || undefined);
    const keys = Array.isArray(node) ? node.keys() : Object.keys(node);
    for (const k of keys) {
      const field = path ? `${path}.${k}` : String(k);
      const v = (node as Record<string | number, unknown>)[k];
      if (typeof k === 'string' && !isStorableText(k)) throw badRequest(ValidationKey.Formatted);
      if (typeof v === 'string') {
        if (isStorableText(v)) continue;
        if (!clean) throw badRequest(ValidationKey.Formatted, field);
        (node as Record<string | number, unknown>)[k] = cleanText(v);
      } else if (v && typeof v === 'object') stack.push({ node: v as Record<string, unknown>, depth: depth + 1, path: field });
    }
  }
  return value;
}

/** Installs the check (preValidation: after the body is parsed, before the route's schema). */
export function registerInputChecks(app: FastifyInstance) {
  // A callback hook: the check is synchronous, and an async hook costs a promise per request.
  app.addHook('preValidation', (req, _reply, done) => {
    const clean = req.routeOptions.config.cleanText === true;
    try {
      req.body = checkInput(req.body, clean);
      checkInput(req.query, clean);
      checkInput(req.params, clean);
    } catch (err) {
      return done(err as Error);
    }
    done();
  });
}
