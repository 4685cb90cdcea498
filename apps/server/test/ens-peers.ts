/**
 * Real peers for the ENS tests (never mocks): an HTTP SMS gateway on loopback that records every
 * request (and, as gateways with idempotency keys do, the distinct keys), and helpers reading the
 * Message-ID of mails received by the SMTP peer (account-peers.ts).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ReceivedMail } from './account-peers.js';

/** One SMS as the gateway received it. */
export interface ReceivedSms {
  to: string;
  text: string;
  id: string | null;
  key: string | null;
}

export interface SmsPeer {
  url: string;
  /** Every request, in arrival order (a repeat of a key included). */
  received: ReceivedSms[];
  /** Answer this status to the next `n` requests (a failing gateway), then 200 again. */
  failNext(n: number, status?: number): void;
  /** Called on each request before it is answered; a promise delays the answer. */
  onRequest?: (sms: ReceivedSms) => Promise<void> | void;
  close(): Promise<void>;
}

/** Starts the SMS gateway: POST JSON {to, text, id}, header Idempotency-Key. */
export async function startSmsPeer(): Promise<SmsPeer> {
  let failing = 0;
  let failStatus = 503;
  const peer: SmsPeer = {
    url: '',
    received: [],
    failNext(n, status = 503) {
      failing = n;
      failStatus = status;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        if (failing > 0) {
          failing--;
          res.writeHead(failStatus).end();
          return;
        }
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { to: string; text: string; id: string | null };
        const sms = { ...body, key: (req.headers['idempotency-key'] as string | undefined) ?? null };
        await peer.onRequest?.(sms);
        peer.received.push(sms);
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
      })();
    });
  });
  server.keepAliveTimeout = 100;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  peer.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sms`;
  return peer;
}

/** The Message-ID header of a received mail. */
export function messageIdOf(m: ReceivedMail): string | undefined {
  return /^message-id:\s*(<[^>]+>)/im.exec(m.raw)?.[1];
}

/** Waits until `pred()` holds, polling every 50 ms; throws after `timeoutMs`. */
export async function until(pred: () => boolean | Promise<boolean>, timeoutMs = 10_000, what = 'condition'): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await pred())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** An SMTP peer that counts accepted mails by Message-ID and can hold one instead of accepting it. */
export interface CountingSmtpPeer {
  url: string;
  /** Message-IDs of accepted mails, in order (a repeat would appear twice). */
  accepted: string[];
  /**
   * Called with the number of mails accepted so far when a new one has been received; `true` holds
   * it (never answered: if the client dies, the mail was never accepted).
   */
  hold?: (acceptedSoFar: number) => boolean;
  close(): Promise<void>;
}

/** Starts the counting SMTP peer (smtp-server, a real SMTP implementation). */
export async function startCountingSmtpPeer(): Promise<CountingSmtpPeer> {
  const { SMTPServer } = await import('smtp-server');
  const peer: CountingSmtpPeer = { url: '', accepted: [], close: async () => undefined };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        if (peer.hold?.(peer.accepted.length)) return;
        peer.accepted.push(/^message-id:\s*(<[^>]+>)/im.exec(raw)?.[1] ?? '?');
        callback();
      });
    },
  });
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  peer.url = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  peer.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return peer;
}
