/**
 * Clean stop (docs/OPERATIONS.md "Clean restarts", lib/unused-connections.ts): a connection that
 * never sent a request does not hold the stop, a keep-alive connection between requests is closed
 * too, and a connection that has begun its request when the stop begins still gets an answer.
 */
import net from 'node:net';
import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { startTestServer } from './helpers.js';

/** A raw TCP connection to `baseUrl` that sends nothing; resolves `closed` when the server drops it. */
async function silentConnection(baseUrl: string) {
  const { hostname, port } = new URL(baseUrl);
  const socket = net.connect(Number(port), hostname);
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.on('error', () => undefined);
  return { socket, closed };
}

describe('stopping the server', () => {
  it('closes connections that never sent a request and idle keep-alive ones at once; a request begun is answered', async () => {
    const server = await startTestServer('pglite', {}, { seed: false });
    const silent = [await silentConnection(server.baseUrl), await silentConnection(server.baseUrl)];
    // One keep-alive connection that has been used once and is now between requests.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const first = await new Promise<number>((resolve, reject) =>
      http
        .get(`${server.baseUrl}/healthz`, { agent }, (res) => res.resume().on('end', () => resolve(res.statusCode ?? 0)))
        .on('error', reject),
    );
    expect(first).toBe(200);

    // A connection that has sent part of a request when the stop begins: left to finish it.
    const partial = await silentConnection(server.baseUrl);
    let answer = '';
    partial.socket.on('data', (d) => (answer += String(d)));
    partial.socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    await new Promise((r) => setTimeout(r, 100));
    setTimeout(() => partial.socket.write('Connection: close\r\n\r\n'), 300);

    const started = Date.now();
    await server.close();
    const took = Date.now() - started;
    await Promise.all(silent.map((c) => c.closed));
    expect(silent.every((c) => c.socket.destroyed)).toBe(true);
    expect(took).toBeLessThan(5_000);
    // Its request was answered (Fastify answers 503 while it closes), not cut.
    await partial.closed;
    expect(answer).toMatch(/^HTTP\/1\.1 (200|503) /);
    agent.destroy();
  }, 60_000);
});
