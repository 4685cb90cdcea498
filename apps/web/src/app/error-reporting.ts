/**
 * Optional error reporting of the console (spec §9 trace sample rate 0.5; docs/OPERATIONS.md
 * "Error reporting"): GET /errorreporting says whether the server has a SENTRY_DSN; only then is
 * the official SDK (@sentry/react, its own chunk) loaded and started, with traces sampled at 0.5
 * and no personal data: no user, no request headers, cookies or query strings, no breadcrumbs
 * (they hold clicked texts and URLs), URLs reduced to their path.
 */
import type { ErrorReportingSettings } from '@vigil/contract';

/** The part of a Sentry event this scrub touches (the SDK's ErrorEvent is wider). */
export interface ScrubbableEvent {
  user?: unknown;
  breadcrumbs?: unknown[];
  request?: { url?: string; headers?: unknown; cookies?: unknown; query_string?: unknown; data?: unknown; method?: string };
  extra?: unknown;
}

/** Removes everything that could name a person from a console event. Pure; exported for tests. */
export function scrubConsoleEvent<E extends ScrubbableEvent>(event: E): E {
  delete event.user;
  delete event.extra;
  event.breadcrumbs = [];
  if (event.request) {
    let path: string | undefined;
    try {
      path = event.request.url ? new URL(event.request.url, 'http://vigil.invalid').pathname : undefined;
    } catch {
      path = undefined;
    }
    event.request = { ...(event.request.method ? { method: event.request.method } : {}), ...(path ? { url: path } : {}) };
  }
  return event;
}

/** Reads the settings and starts the SDK when a DSN is set; never throws (reporting is optional). */
export async function startErrorReporting(): Promise<boolean> {
  try {
    const res = await fetch('/errorreporting', { credentials: 'same-origin' });
    if (!res.ok) return false;
    const settings = (await res.json()) as ErrorReportingSettings;
    if (!settings.dsn) return false;
    const Sentry = await import('@sentry/react');
    Sentry.init({
      dsn: settings.dsn,
      release: settings.release,
      ...(settings.environment ? { environment: settings.environment } : {}),
      tracesSampleRate: settings.tracesSampleRate,
      traceLifecycle: 'static',
      integrations: [Sentry.browserTracingIntegration()],
      maxBreadcrumbs: 0,
      dataCollection: { userInfo: false, cookies: false, httpHeaders: false, httpBodies: [], urlQueryParams: false },
      beforeSend: (event) => scrubConsoleEvent(event),
      beforeSendTransaction: (event) => scrubConsoleEvent(event),
    });
    return true;
  } catch {
    return false;
  }
}
