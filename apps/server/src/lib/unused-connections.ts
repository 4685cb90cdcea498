/**
 * Clean stop (docs/OPERATIONS.md "Clean restarts"): connections that never sent a byte.
 *
 * Node's HTTP server counts a connection that has not sent its first request as busy: a
 * browser's speculative preconnect, or a spare connection a client pool opened and never used.
 * `server.close()` (Fastify's `close`) waits for those until the client gives up; its own
 * closeIdleConnections only closes keep-alive connections between two requests. A stop with such
 * a connection open took the whole SHUTDOWN_GRACE_MS and ended with exit code 1 (found with
 * bench/throughput, whose HTTP client left four of them).
 */
import type { Server } from 'node:http';
import type { Socket } from 'node:net';

/**
 * Tracks `server`'s connections (one Set entry per open connection, none per request) and returns
 * the function that destroys those that have not sent a byte yet. A connection that has sent part
 * of a request, or is between requests, is left to Node (the request finishes; idle keep-alive
 * connections are closed by `server.close()`). Call it when the server starts closing.
 */
export function trackUnusedConnections(server: Server): () => void {
  const open = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    open.add(socket);
    socket.once('close', () => open.delete(socket));
  });
  return () => {
    for (const socket of open) if (socket.bytesRead === 0) socket.destroy();
  };
}
