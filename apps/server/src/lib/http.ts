/**
 * Addresses of the server as links in mails, single sign-on redirects and /locate see them
 * (issue 12 finding 3). Order: PUBLIC_URL; else the origin a trusted proxy (TRUST_PROXY) forwarded;
 * else the request's own Host when it names one of ALLOWED_HOSTS; else HOST:PORT. A forged Host or
 * X-Forwarded-Host from anyone else never reaches a link.
 */
import { BlockList, isIP } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';

const proxyLists = new WeakMap<Config, BlockList>();

/** The TRUST_PROXY list of `config` as a BlockList (built once per configuration). */
function proxyList(config: Config): BlockList {
  let list = proxyLists.get(config);
  if (!list) {
    list = new BlockList();
    for (const item of config.trustProxy) {
      const [addr = '', bits] = item.split('/');
      const type = isIP(addr) === 6 ? 'ipv6' : 'ipv4';
      if (bits === undefined) list.addAddress(addr, type);
      else list.addSubnet(addr, Number(bits), type);
    }
    proxyLists.set(config, list);
  }
  return list;
}

/** True when `address` (the TCP peer) is one of the TRUST_PROXY proxies. */
export function isTrustedProxy(config: Config, address: string | undefined): boolean {
  if (!address || config.trustProxy.length === 0) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  const type = isIP(v4) === 6 ? 'ipv6' : 'ipv4';
  return proxyList(config).check(v4, type);
}

const HOST_HEADER = /^(\[[0-9a-fA-F:.]{2,45}\]|[A-Za-z0-9.-]{1,253})(:\d{1,5})?$/;

/**
 * The origin (scheme://host[:port]) a request was made to, when it can be believed: forwarded by a
 * trusted proxy, or the request's own Host naming an allowed host. Undefined otherwise.
 */
export function requestOrigin(req: FastifyRequest): string | undefined {
  const config = req.server.config;
  if (isTrustedProxy(config, req.socket.remoteAddress)) return `${req.protocol}://${req.host}`;
  const host = req.headers.host ?? '';
  const m = HOST_HEADER.exec(host);
  if (!m || !config.allowedHosts.includes(m[1]!.toLowerCase())) return undefined;
  const secure = (req.socket as { encrypted?: boolean }).encrypted === true;
  return `${secure ? 'https' : 'http'}://${host}`;
}

/** The public address links point to: PUBLIC_URL, else `origin` (see requestOrigin), else HOST:PORT; no trailing slash. */
export function linkBase(app: Pick<FastifyInstance, 'config'>, origin?: string): string {
  const base = app.config.publicUrl || origin || `http://${app.config.host}:${app.config.port}`;
  return base.replace(/\/+$/, '');
}
