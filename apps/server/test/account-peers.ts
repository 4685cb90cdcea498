/**
 * Real peers for the account-lifecycle tests (never mocks): an SMTP server (smtp-server) that
 * keeps every message it receives, and an OpenID Connect provider (oidc-provider) on loopback
 * https with a freshly generated self-signed certificate. Used by the vitest API tests and the
 * Playwright browser test (e2e/specs/account.spec.ts).
 */
import fs from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import Provider, { type KoaContextWithOIDC } from 'oidc-provider';
import { generate } from 'selfsigned';

/** One received e-mail, decoded. */
export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  raw: string;
}

function decodeQuotedPrintable(s: string): Buffer {
  const soft = s.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < soft.length; i++) {
    const c = soft[i]!;
    if (c === '=' && /^[0-9A-Fa-f]{2}$/.test(soft.slice(i + 1, i + 3))) {
      bytes.push(parseInt(soft.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(c, 'utf8'));
  }
  return Buffer.from(bytes);
}

function decodeWords(s: string): string {
  return s.replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=\s*/g, (_m, _cs: string, enc: string, data: string) =>
    enc.toUpperCase() === 'B'
      ? Buffer.from(data, 'base64').toString('utf8')
      : decodeQuotedPrintable(data.replace(/_/g, ' ')).toString('utf8'),
  );
}

function splitHeaders(part: string): { headers: Map<string, string>; body: string } {
  const idx = part.search(/\r?\n\r?\n/);
  const head = idx < 0 ? part : part.slice(0, idx);
  const body = idx < 0 ? '' : part.slice(idx).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i > 0) headers.set(line.slice(0, i).trim().toLowerCase(), line.slice(i + 1).trim());
  }
  return { headers, body };
}

function decodeBody(headers: Map<string, string>, body: string): string {
  const enc = (headers.get('content-transfer-encoding') ?? '').toLowerCase();
  if (enc === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (enc === 'quoted-printable') return decodeQuotedPrintable(body).toString('utf8');
  return body;
}

/** A small MIME reader: subject, and the text/plain and text/html parts (one level of multipart). */
export function parseMail(raw: string, to: string[]): ReceivedMail {
  const { headers, body } = splitHeaders(raw);
  const out: ReceivedMail = { to, subject: decodeWords(headers.get('subject') ?? ''), text: '', html: '', raw };
  const type = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  const parts = boundary ? body.split(`--${boundary}`).slice(1, -1).map(splitHeaders) : [{ headers, body }];
  for (const p of parts) {
    const t = (p.headers.get('content-type') ?? 'text/plain').toLowerCase();
    if (t.startsWith('text/plain')) out.text = decodeBody(p.headers, p.body);
    else if (t.startsWith('text/html')) out.html = decodeBody(p.headers, p.body);
  }
  return out;
}

/** A running SMTP peer. */
export interface SmtpPeer {
  port: number;
  url: string;
  messages: ReceivedMail[];
  /** The first message to `email` (case-insensitive) matching `pred`, waiting up to `timeoutMs`. */
  waitFor(email: string, pred?: (m: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/** Starts a plain SMTP server on 127.0.0.1 (no TLS, no auth) that keeps what it receives. */
export async function startSmtpPeer(port = 0): Promise<SmtpPeer> {
  const messages: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        messages.push(parseMail(Buffer.concat(chunks).toString('utf8'), to));
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const actual = (server.server.address() as AddressInfo).port;
  return {
    port: actual,
    url: `smtp://127.0.0.1:${actual}`,
    messages,
    async waitFor(email, pred = () => true, timeoutMs = 10_000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const found = messages.find((m) => m.to.includes(email.toLowerCase()) && pred(m));
        if (found) return found;
        if (Date.now() > until) throw new Error(`no mail to ${email} within ${timeoutMs} ms (got ${messages.length})`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first link in a text that starts with `prefix` (e.g. ".../validateToken/"). */
export function linkIn(text: string, pathPart: string): string {
  const m = new RegExp(`https?://[^\\s"<>]*${pathPart.replace(/[/.]/g, '\\$&')}[^\\s"<>]*`).exec(text);
  if (!m) throw new Error(`no ${pathPart} link in: ${text}`);
  return m[0];
}

/** A running OpenID Connect provider. */
export interface OidcPeer {
  issuer: string;
  /** PEM of the provider's self-signed certificate (trust it as a CA). */
  certPem: string;
  /** The certificate written to a file (for SSO_CA_FILE / NODE_EXTRA_CA_CERTS). */
  certFile: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
}

/**
 * Starts oidc-provider on https://127.0.0.1:<port> with one confidential client (client secret
 * post, PKCE) allowed to redirect to `redirectUris`. Any login name signs in (development
 * interactions, password ignored) and becomes the `sub` and `email` claims; consent is granted
 * automatically.
 */
export async function startOidcPeer(redirectUris: string[], certFile?: string): Promise<OidcPeer> {
  const pems = await generate([{ name: 'commonName', value: '127.0.0.1' }], {
    keySize: 2048,
    algorithm: 'sha256',
    extensions: [
      { name: 'basicConstraints', cA: true },
      {
        name: 'subjectAltName',
        altNames: [
          { type: 7, ip: '127.0.0.1' },
          { type: 2, value: 'localhost' },
        ],
      },
    ],
  });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-oidc-'));
  const caFile = certFile ?? path.join(dir, 'ca.pem');
  fs.writeFileSync(caFile, pems.cert);
  const server = https.createServer({ key: pems.private, cert: pems.cert });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.address() as AddressInfo).port;
  const issuer = `https://127.0.0.1:${port}`;
  const clientId = 'vigil-console';
  const clientSecret = 'vigil-test-secret-0123456789abcdef';
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: redirectUris,
        token_endpoint_auth_method: 'client_secret_post',
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    cookies: { keys: ['vigil-test-cookie-key-0123456789'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'] },
    features: { devInteractions: { enabled: true } },
    findAccount: (_ctx, sub) => ({ accountId: sub, claims: () => ({ sub, email: sub, email_verified: true }) }),
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const clientId = ctx.oidc.client!.clientId;
      const grantId = ctx.oidc.session!.grantIdFor(clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const grant = new ctx.oidc.provider.Grant({ clientId, accountId: ctx.oidc.session!.accountId! });
      grant.addOIDCScope('openid email profile');
      grant.addOIDCClaims(['email', 'email_verified']);
      await grant.save();
      return grant;
    },
  });
  const handle = provider.callback();
  server.on('request', (req, res) => void handle(req, res)); // Koa answers its own errors
  return {
    issuer,
    certPem: pems.cert,
    certFile: caFile,
    clientId,
    clientSecret,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
        fs.rmSync(dir, { recursive: true, force: true });
      }),
  };
}
