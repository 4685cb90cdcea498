/** Addresses of the server as links in mails and single sign-on redirects see them. */
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** The origin (scheme://host[:port]) a request was made to. */
export function requestOrigin(req: FastifyRequest): string {
  return `${req.protocol}://${req.host}`;
}

/** The public address links point to: PUBLIC_URL, else the request's origin, else HOST:PORT; no trailing slash. */
export function linkBase(app: Pick<FastifyInstance, 'config'>, origin?: string): string {
  const base = app.config.publicUrl || origin || `http://${app.config.host}:${app.config.port}`;
  return base.replace(/\/+$/, '');
}
