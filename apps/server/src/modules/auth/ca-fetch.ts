/**
 * A fetch for openid-client that also trusts extra certificate authorities (SSO_CA_FILE): for
 * identity providers behind a private CA, and for the tests' loopback provider. Plain `fetch`
 * otherwise.
 */
import fs from 'node:fs';
import https from 'node:https';
import tls from 'node:tls';
import type { CustomFetch } from 'openid-client';

type FetchInit = Parameters<CustomFetch>[1];

async function bodyBytes(body: FetchInit['body']): Promise<Buffer | undefined> {
  if (body == null) return undefined;
  if (typeof body === 'string') return Buffer.from(body);
  if (body instanceof URLSearchParams) return Buffer.from(body.toString());
  if (body instanceof Uint8Array) return Buffer.from(body);
  if (body instanceof ArrayBuffer) return Buffer.from(new Uint8Array(body));
  return Buffer.from(await new Response(body).arrayBuffer());
}

/** A CustomFetch that sends https requests trusting the system roots plus the PEM at `caFile`. */
export function fetchTrustingCa(caFile: string): CustomFetch {
  const agent = new https.Agent({ ca: [...tls.rootCertificates, fs.readFileSync(caFile, 'utf8')], keepAlive: false });
  return async (url, init) => {
    const target = new URL(url);
    if (target.protocol !== 'https:') return fetch(url, init as RequestInit); // also types under the DOM lib (e2e)
    const payload = await bodyBytes(init.body);
    return new Promise<Response>((resolve, reject) => {
      const req = https.request(target, { method: init.method, headers: init.headers, agent, signal: init.signal }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          const headers = new Headers();
          for (const [k, v] of Object.entries(res.headers)) {
            if (Array.isArray(v)) v.forEach((x) => headers.append(k, x));
            else if (v != null) headers.set(k, v);
          }
          const status = res.statusCode ?? 502;
          const empty = status === 204 || status === 304 || (status >= 100 && status < 200);
          resolve(new Response(empty ? null : Buffer.concat(chunks), { status, statusText: res.statusMessage ?? '', headers }));
        });
      });
      req.on('error', reject);
      req.end(payload);
    });
  };
}
