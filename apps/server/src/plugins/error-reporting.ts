/**
 * Optional error reporting to Sentry or GlitchTip (spec §9 trace sample rate 0.5; docs/OPERATIONS.md
 * "Error reporting"). Off unless SENTRY_DSN is set; then the official SDK (@sentry/node, loaded
 * only then) receives every unexpected server error (the 500s of the error handler and of the
 * report guards) with traces sampled at 0.5. No personal data leaves the server: no user, IP,
 * cookies, headers, bodies or query strings, and no breadcrumbs; only the method, the path and the
 * error itself.
 */
import type { FastifyRequest } from 'fastify';
import { ERROR_TRACE_SAMPLE_RATE, RELEASE } from '@vigil/contract';

type SentryModule = typeof import('@sentry/node');
type SentryEvent = import('@sentry/node').ErrorEvent;

let sentry: SentryModule | null = null;

/**
 * Removes everything that could name a person from an event: user, request cookies, headers,
 * body, query string, server name, breadcrumbs and a failed query's parameters. The URL keeps
 * only its path. Pure; exported for tests.
 */
export function scrubEvent<E extends SentryEvent>(event: E): E {
  delete event.user;
  delete event.server_name;
  event.breadcrumbs = [];
  if (event.request) {
    const url = event.request.url ? safePath(event.request.url) : undefined;
    event.request = { method: event.request.method, ...(url ? { url } : {}) };
  }
  if (event.contexts) delete event.contexts.user;
  delete event.extra;
  // A failed query's message lists its parameters (search text, names, e-mails): keep the query only.
  for (const v of event.exception?.values ?? []) {
    if (v.value) v.value = v.value.replace(/\n\s*params:[\s\S]*$/, '');
  }
  return event;
}

function safePath(url: string): string | undefined {
  try {
    return new URL(url, 'http://vigil.invalid').pathname;
  } catch {
    return undefined;
  }
}

/**
 * Turns error reporting on when `dsn` is set (idempotent). The SDK is imported here, so a server
 * without SENTRY_DSN never loads it.
 */
export async function initErrorReporting(settings: { dsn: string | undefined; environment: string | undefined }): Promise<void> {
  if (!settings.dsn || sentry) return;
  const mod = await import('@sentry/node');
  mod.init({
    dsn: settings.dsn,
    release: RELEASE,
    ...(settings.environment ? { environment: settings.environment } : {}),
    tracesSampleRate: ERROR_TRACE_SAMPLE_RATE,
    // Whole transactions, so beforeSendTransaction can scrub them.
    traceLifecycle: 'static',
    // No personal data: no user, cookies, headers, bodies or query strings (scrubEvent removes the rest).
    dataCollection: { userInfo: false, cookies: false, httpHeaders: false, httpBodies: [], urlQueryParams: false },
    maxBreadcrumbs: 0,
    // The SDK's own Fastify hook would report the 500 answer again (as the AppError the guards
    // throw); reportError already sent the cause, once.
    beforeSend: (event) =>
      event.exception?.values?.some((v) => v.mechanism?.type.startsWith('auto.function.fastify')) ? null : scrubEvent(event),
    beforeSendTransaction: (event) => {
      delete event.user;
      if (event.request) event.request = { method: event.request.method };
      return event;
    },
  });
  sentry = mod;
}

/** Reports an unexpected error (no-op when reporting is off); only the method and route path go with it. */
export function reportError(err: unknown, req?: FastifyRequest): void {
  if (!sentry) return;
  const s = sentry;
  s.withScope((scope) => {
    if (req) {
      scope.setTag('method', req.method);
      scope.setTag('route', req.routeOptions.url ?? safePath(req.url) ?? '');
    }
    s.captureException(err);
  });
}

/** Sends what is queued (at most `timeoutMs`); for a clean stop and for tests. */
export async function flushErrorReports(timeoutMs = 2_000): Promise<boolean> {
  return sentry ? sentry.flush(timeoutMs) : true;
}
