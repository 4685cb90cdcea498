/**
 * Builds the Fastify application: plugins (external → app → routes, as fastify/demo does), the
 * API of spec §7, and the built console with history-mode fallback (spec §2 Session gate).
 */
import fs from 'node:fs';
import path from 'node:path';
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import helmet from 'helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import websocket from '@fastify/websocket';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { ErrorCode } from '@vigil/contract';
import type { Config } from './config.js';
import type { Database, Db } from './db/client.js';
import { AppError, registerErrorHandling, sendError } from './plugins/errors.js';
import { registerInputChecks } from './plugins/input.js';
import { registerSession, SESSIONS_CHANNEL } from './plugins/session.js';
import { responseSerializerCompiler } from './plugins/response-serializer.js';
import { registerBoardCache } from './modules/branches/board-cache.js';
import { accountRoutes } from './modules/account/account.routes.js';
import { alarmsRoutes } from './modules/alarms/alarms.routes.js';
import { chatRoutes } from './modules/chat/chat.routes.js';
import { callsRoutes } from './modules/calls/calls.routes.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { branchesRoutes } from './modules/branches/branches.routes.js';
import { employeesRoutes } from './modules/employees/employees.routes.js';
import { ensRoutes } from './modules/ens/ens.routes.js';
import { activeSessionsRoutes } from './modules/active-sessions/active-sessions.routes.js';
import { notificationSettingsRoutes } from './modules/notification-settings/notification-settings.routes.js';
import { securityPhrasesRoutes } from './modules/security-phrases/security-phrases.routes.js';
import { ensNotificationsCase } from './modules/ens/ens.service.js';
import { geocodingRoutes } from './modules/geocoding/geocoding.routes.js';
import { headOfficeRoutes } from './modules/head-office/head-office.routes.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { apiSecurityHeaders, staticSecurityHeaders, strictTransportSecurity } from './lib/security-headers.js';
import { trackUnusedConnections } from './lib/unused-connections.js';
import { registerMetrics } from './modules/health/metrics.js';
import { mobileRoutes } from './modules/mobile/mobile.routes.js';
import { notificationsRoutes } from './modules/notifications/notifications.routes.js';
import { organizationsRoutes } from './modules/organizations/organizations.routes.js';
import { profileRoutes } from './modules/profile/profile.routes.js';
import { Dispatcher } from './modules/realtime/dispatcher.js';
import { socketRoutes } from './modules/realtime/socket.js';
import { Presence } from './modules/realtime/presence.js';
import { regionsRoutes } from './modules/regions/regions.routes.js';
import { reportsRoutes } from './modules/reports/reports.routes.js';
import { serveActivityReport, serveBranchActivities, serveSurveyReport } from './modules/reports/reports.service.js';
import { securityOfficesRoutes } from './modules/security-offices/security-offices.routes.js';
import { taskListsRoutes } from './modules/task-lists/task-lists.routes.js';
import { surveysRoutes } from './modules/surveys/surveys.routes.js';
import { timersRoutes } from './modules/timers/timers.routes.js';
import { initErrorReporting } from './plugins/error-reporting.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Db;
    /** "METHOD url" of every route registered without `schema.response` (issue 11; HEAD left out). */
    withoutResponseSchema: readonly string[];
  }
}

/** Body limit of every call that does not set its own, bytes (issue 12 finding 1). */
export const DEFAULT_BODY_LIMIT = 64 * 1024;

/**
 * Socket origins the console may connect to (CSP connect-src beside 'self'): the ws/wss form of
 * PUBLIC_URL, else of HOST:PORT and the allowed hosts. Never every host (`ws:` alone would be).
 * IPv6 literals are left out: CSP's host-source has no form for them (Chromium logs the entry as
 * invalid and ignores it); a console opened at such an address reaches its socket through 'self'.
 */
export function socketOrigins(config: Config): string[] {
  if (config.publicUrl) {
    const u = new URL(config.publicUrl);
    return u.hostname.startsWith('[') ? [] : [`${u.protocol === 'https:' ? 'wss' : 'ws'}://${u.host}`];
  }
  const port = config.port ? `:${config.port}` : '';
  return [...new Set([config.host, ...config.allowedHosts])].filter((h) => !h.includes(':')).map((h) => `ws://${h}${port}`);
}

/** Where the built console is: VIGIL_WEB_DIST, or apps/web/dist found from the working tree. */
function findWebDist(config: Config): string | undefined {
  const candidates = [config.webDist, path.resolve('apps/web/dist'), path.resolve('../web/dist'), path.resolve('../../apps/web/dist')];
  return candidates.find((c): c is string => !!c && fs.existsSync(path.join(c, 'index.html')));
}

export interface BuildOptions {
  config: Config;
  database: Database;
  /** pino logger options; false silences (tests). */
  logger?: boolean | object;
}

/**
 * Request logging (issue 20 "Per-request cost"): one line per request as it completes — `request
 * completed` with method, url, statusCode and responseTime (ms), at info; errors as Fastify logs
 * them — instead of Fastify's two lines a request ("incoming request" with the request's fields,
 * then "request completed"), which halved the requests a node answers at LOG_LEVEL=info.
 */
export class OneLineRequestLog extends LogController {
  override incomingRequest(): void {}
  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) return super.requestCompleted(error, request, reply);
    if (this.isLogDisabled(request)) return;
    reply.log.info(
      { method: request.method, url: request.url, statusCode: reply.statusCode, responseTime: reply.elapsedTime },
      'request completed',
    );
  }
}

export async function buildApp({ config, database, logger }: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? { level: config.logLevel },
    logController: new OneLineRequestLog(),
    // Forwarded headers only from the configured proxies (TRUST_PROXY; issue 12 finding 2).
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    // Small by default; a call that needs more says so (routeOptions.bodyLimit: the CSV import).
    bodyLimit: DEFAULT_BODY_LIMIT,
  });
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.setValidatorCompiler(validatorCompiler);
  // Answers checked against their declared schema only with RESPONSE_VALIDATION (tests); else just serialised.
  app.setSerializerCompiler(responseSerializerCompiler({ validate: config.responseValidation, log: app.log }));
  registerErrorHandling(app);
  await initErrorReporting(config.sentry);

  // Security headers (helmet), built once: @fastify/helmet built the middleware again, parsing the
  // CSP, on every request (about 5 % of a cheap call's CPU in the issue 20 profile).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        // The console sends its error reports straight to the SENTRY_DSN's host (when set); blob: is
        // the map's countries, made in a worker as a blob: URL that MapLibre's worker fetches
        // (web shared/map/basemap.ts).
        connectSrc: ["'self'", 'blob:', ...socketOrigins(config), ...(config.sentry.dsn ? [new URL(config.sentry.dsn).origin] : [])],
        workerSrc: ["'self'", 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: config.secureCookies ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: strictTransportSecurity(config.secureCookies),
  });
  // Our helmet options hold no per-request value (no nonce, no directive function), so its answer
  // is the same for every request: it is taken once here and each request only sets those headers
  // (helmet's twelve middlewares per request were ~7 % of a cheap call's CPU, issue 20 profile).
  const securityHeaderList = staticSecurityHeaders(securityHeaders);
  const apiSecurityHeaderList = staticSecurityHeaders(apiSecurityHeaders(config.secureCookies));
  app.addHook('onRequest', (req, reply, next) => {
    const list = req.url.startsWith('/api/') ? apiSecurityHeaderList : securityHeaderList;
    for (const [name, value] of list) reply.raw.setHeader(name, value);
    next();
  });
  await app.register(cookie);
  await app.register(formbody);
  await app.register(rateLimit, {
    global: false,
    hook: 'preHandler',
    // The message names the wait of the window that was exceeded.
    errorResponseBuilder: (_req, ctx) => new AppError(429, ErrorCode.RateLimited, { minutes: Math.max(1, Math.ceil(ctx.ttl / 60_000)) }),
  });
  registerSession(app);
  // Routes that declare no response schema (issue 11), for the test that lists the allowed ones
  // (test/response-schemas.test.ts): file downloads, the socket. Added after registerSession: its
  // onRoute hook, which moves each route's guard, must see the routes first (the attack matrix
  // found every guard missing when this hook came before it).
  const withoutResponseSchema: string[] = [];
  app.decorate('withoutResponseSchema', withoutResponseSchema);
  app.addHook('onRoute', (route) => {
    if (route.method === 'HEAD' || (Array.isArray(route.method) && route.method.every((m) => m === 'HEAD'))) return;
    if (!route.schema?.response) withoutResponseSchema.push(`${String(route.method)} ${route.url}`);
  });
  registerInputChecks(app);
  await app.register(websocket, {
    options: { maxPayload: 64 * 1024 },
    // On shutdown every socket is told the server restarts (1012): the console reconnects at once
    // and resumes from its last event id, on another node or on this one when it is back.
    preClose(done) {
      for (const client of this.websocketServer.clients) client.close(1012, 'server restarting');
      this.websocketServer.close();
      done();
    },
  });
  // A stop does not wait for connections that never sent a request (lib/unused-connections.ts).
  const closeUnusedConnections = trackUnusedConnections(app.server);
  app.addHook('preClose', async () => closeUnusedConnections());
  app.decorate('dispatcher', new Dispatcher(app));
  // Session changes announced by other nodes reach this node's session cache (plugins/session-cache.ts).
  app.dispatcher.onNotify(SESSIONS_CHANNEL, app.receiveSessionNotice);
  app.dispatcher.onListen(app.sessionListenerReady);
  // The branch board's answer cache and its invalidation on every node (modules/branches/board-cache.ts).
  registerBoardCache(app);
  app.decorate('presence', new Presence(app));
  app.addHook('onReady', async () => app.dispatcher.start());
  app.addHook('onClose', async () => app.dispatcher.stop());
  // Operations (docs/OPERATIONS.md): readiness flag for /readyz, Prometheus metrics when METRICS_TOKEN is set.
  app.decorate('draining', false);
  registerMetrics(app);

  // Feature routes, foundation first (ARCHITECTURE.md: the modules from the bottom of the tree up).
  await app.register(healthRoutes);
  await app.register(socketRoutes);
  await app.register(geocodingRoutes);
  await app.register(authRoutes);
  await app.register(accountRoutes);
  await app.register(profileRoutes);
  await app.register(organizationsRoutes);
  await app.register(securityOfficesRoutes);
  await app.register(regionsRoutes);
  await app.register(headOfficeRoutes);
  // managebranchoffices GET-ACTIVITIES-BY-BRANCH-ID is a report: branches hands it to reports, wired here.
  await app.register(branchesRoutes, { branchActivities: serveBranchActivities });
  await app.register(employeesRoutes);
  await app.register(alarmsRoutes);
  await app.register(taskListsRoutes);
  await app.register(mobileRoutes);
  // getnotifications GET-ALL-REPORTS is the activity report: handed in, so notifications never imports reports.
  // … and its ENS cases are the ens module's (ens is above notifications).
  await app.register(notificationsRoutes, { activityReport: serveActivityReport, ens: ensNotificationsCase });
  await app.register(ensRoutes);
  await app.register(securityPhrasesRoutes);
  await app.register(activeSessionsRoutes);
  await app.register(notificationSettingsRoutes);
  await app.register(reportsRoutes);
  await app.register(chatRoutes);
  await app.register(timersRoutes);
  await app.register(callsRoutes);
  // managesurveys: the surveys module owns the path; its report cases are the survey report, handed in from reports.
  await app.register(surveysRoutes, { surveyReport: serveSurveyReport });

  const webDist = findWebDist(config);
  if (webDist) {
    await app.register(fastifyStatic, { root: webDist, wildcard: false, index: false });
  }
  app.setNotFoundHandler((req, reply) => {
    const isApi = /^\/(api|security|_socket|locate|healthz|readyz|metrics)(\/|$)/.test(req.url);
    if (!isApi && req.method === 'GET' && webDist) {
      // History mode: every console route answers the app shell.
      return reply.type('text/html').header('cache-control', 'no-cache').sendFile('index.html');
    }
    return sendError(req, reply, 404, ErrorCode.NotFound);
  });
  return app;
}
