/**
 * Issue 11: every route that answers JSON declares its response schema (the contract's zod
 * schema; RESPONSE_VALIDATION checks it in every API and browser test). The routes without one are
 * listed here by name, each for a reason: a new JSON route without a schema fails this test.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers.js';

/**
 * Routes that answer no JSON, each with its reason. (The list starts after the session plugin,
 * whose route table must see each route first: its own CSRF route, 204 without a body, is not in it.)
 */
const WITHOUT_JSON_ANSWER = new Set<string>([
  // The WebSocket upgrade: frames are the realtime contract (packages/contract/src/realtime.ts).
  'GET /_socket',
  // The recording file (video/webm, with HTTP ranges).
  'GET /api/client/callrecording/:callId',
]);

/** The console's static files (HEAD and GET of each file of the built web app). */
const isStaticFile = (route: string) => route.startsWith('HEAD,GET ');

describe('response schemas', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite');
  });
  afterAll(async () => {
    await server?.close();
  });

  it('every route answering JSON declares its response schema', () => {
    const missing = server.app.withoutResponseSchema.filter((r) => !WITHOUT_JSON_ANSWER.has(r) && !isStaticFile(r));
    expect(missing).toEqual([]);
    // The list above is exact: a route that gained a schema (or went away) leaves it too.
    for (const r of WITHOUT_JSON_ANSWER) expect(server.app.withoutResponseSchema).toContain(r);
  });
});
