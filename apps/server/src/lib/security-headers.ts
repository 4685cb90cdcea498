/**
 * The security headers of every answer (issue 12 hardening; issue 20 per-request cost), taken once.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

/** A connect-style middleware that only sets headers, as helmet's. */
export type HeaderMiddleware = (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void;

/**
 * Runs `middleware` once against a recording response and returns the headers it set, in order,
 * as [name, value] pairs, to be set on each response instead of running the middleware again.
 * Only valid for a middleware whose answer does not depend on the request (helmet without
 * per-request directive functions or nonces). Throws if the middleware fails, does not finish
 * synchronously, or does anything but set or remove headers (anything else would be lost).
 */
export function staticSecurityHeaders(middleware: HeaderMiddleware): Array<[string, string | string[]]> {
  const headers = new Map<string, [string, string | string[]]>();
  let finished = false;
  let failure: unknown;
  const recorder = new Proxy(
    {},
    {
      get(_target, property) {
        if (property === 'setHeader') {
          return (name: string, value: string | number | string[]) => {
            headers.set(name.toLowerCase(), [name, Array.isArray(value) ? value : String(value)]);
          };
        }
        if (property === 'removeHeader') return (name: string) => headers.delete(name.toLowerCase());
        throw new Error(`security headers: the middleware used res.${String(property)}, which cannot be replayed`);
      },
      set(_target, property) {
        throw new Error(`security headers: the middleware set res.${String(property)}, which cannot be replayed`);
      },
    },
  ) as ServerResponse;
  middleware({ headers: {}, method: 'GET', url: '/' } as IncomingMessage, recorder, (err?: unknown) => {
    finished = true;
    failure = err;
  });
  if (!finished) throw new Error('security headers: the middleware did not finish synchronously');
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  return [...headers.values()];
}
