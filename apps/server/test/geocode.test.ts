/**
 * Address lookup (issue 4: coordinates "from the address"): the server calls a Nominatim-compatible
 * geocoder at GEOCODER_URL — here a small local HTTP server answering Nominatim's JSON — and
 * answers the places with coordinates rounded to 6 decimals; without GEOCODER_URL the forms learn
 * that there is no lookup. Roles: 2 and 12 on the client route, 1 on the admin route.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, DB_KINDS, startTestServer, type TestServer } from './helpers.js';

interface Seen {
  path: string;
  q: string | null;
  format: string | null;
  userAgent: string | undefined;
  language: string | undefined;
}

/** A fake Nominatim: /search?format=json&q=… answers per the query text; records every request. */
async function fakeNominatim() {
  const seen: Seen[] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const q = url.searchParams.get('q');
    seen.push({
      path: url.pathname,
      q,
      format: url.searchParams.get('format'),
      userAgent: req.headers['user-agent'],
      language: req.headers['accept-language'],
    });
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (url.pathname !== '/nominatim/search' || url.searchParams.get('format') !== 'json') return json(404, { error: 'unknown' });
    if (q?.includes('Skanderbeg')) {
      return json(200, [
        {
          place_id: 1,
          lat: '41.32754612345',
          lon: '19.81869987654',
          display_name: 'Sheshi Skënderbej, Tiranë, Shqipëri',
          class: 'place',
          type: 'square',
        },
        { place_id: 2, lat: 'not a number', lon: '19.8', display_name: 'broken entry' },
        { place_id: 3, lat: '41.3', lon: '19.8', display_name: 'Tiranë, Shqipëri' },
      ]);
    }
    if (q?.includes('broken')) return json(500, { error: 'internal' });
    if (q?.includes('garbage')) {
      res.writeHead(200, { 'content-type': 'text/html' });
      return res.end('<html>maintenance</html>');
    }
    return json(200, []);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { seen, url: `http://127.0.0.1:${port}/nominatim`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe.each(DB_KINDS)('address lookup on %s', (kind) => {
  let geo: Awaited<ReturnType<typeof fakeNominatim>>;
  let server: TestServer;
  const as: Record<string, ApiClient> = {};

  beforeAll(async () => {
    geo = await fakeNominatim();
    server = await startTestServer(kind, { GEOCODER_URL: geo.url });
    for (const email of ['orgadmin', 'dealer', 'manager']) {
      as[email] = new ApiClient(server.baseUrl);
      await as[email].login(`${email}@example.com`);
    }
    as.admin = new ApiClient(server.baseUrl, 'sq');
    await as.admin.login('admin@example.com', undefined, 'admin');
  });
  afterAll(async () => {
    await server?.close();
    await geo?.close();
  });

  it('tells the forms that a geocoder is configured', async () => {
    for (const c of [as.orgadmin!, as.manager!]) {
      const res = await c.post('/api/client/geocode', { case: 'GEOCODER-STATUS' });
      expect(res.status).toBe(200);
      expect(res.json.body).toEqual({ configured: true });
    }
    expect((await as.admin!.post('/api/admin/geocode', { case: 'GEOCODER-STATUS' })).json.body).toEqual({ configured: true });
  });

  it('looks an address up through the geocoder: usable places, best first, rounded to 6 decimals', async () => {
    const before = geo.seen.length;
    const res = await as.orgadmin!.post('/api/client/geocode', {
      case: 'GEOCODE-ADDRESS',
      address: 'Sheshi Skanderbeg 1, Tirana, Albania',
    });
    expect(res.status).toBe(200);
    expect(res.json.body).toEqual({
      configured: true,
      results: [
        { Latitude: 41.327546, Longitude: 19.8187, DisplayName: 'Sheshi Skënderbej, Tiranë, Shqipëri' },
        { Latitude: 41.3, Longitude: 19.8, DisplayName: 'Tiranë, Shqipëri' },
      ],
    });
    const call = geo.seen[before]!;
    expect(call).toMatchObject({ path: '/nominatim/search', q: 'Sheshi Skanderbeg 1, Tirana, Albania', format: 'json', language: 'en' });
    expect(call.userAgent).toContain('Vigil');
    // The platform admin's lookup, in Albanian.
    const admin = await as.admin!.post<{ results: unknown[] }>('/api/admin/geocode', { case: 'GEOCODE-ADDRESS', address: 'Skanderbeg' });
    expect(admin.json.body!.results).toHaveLength(2);
    expect(geo.seen.at(-1)!.language).toBe('sq');
    // A dealer may look up too (it edits its organisations' offices).
    expect((await as.dealer!.post('/api/client/geocode', { case: 'GEOCODE-ADDRESS', address: 'Skanderbeg' })).status).toBe(200);
  });

  it('answers an empty list when nothing matches', async () => {
    const res = await as.orgadmin!.post('/api/client/geocode', { case: 'GEOCODE-ADDRESS', address: 'Nowhere street 99' });
    expect(res.status).toBe(200);
    expect(res.json.body).toEqual({ configured: true, results: [] });
  });

  it('a failing geocoder answers 502 with the catalogue message, never 500', async () => {
    for (const address of ['broken', 'garbage']) {
      const res = await as.orgadmin!.post('/api/client/geocode', { case: 'GEOCODE-ADDRESS', address });
      expect(res.status, address).toBe(502);
      expect(res.json.code).toBe('management.errors.geocoderFailed');
      expect(res.json.description).toBe('The address lookup is not available right now. Try again later, or choose the point on the map');
    }
    const sq = await as.admin!.post('/api/admin/geocode', { case: 'GEOCODE-ADDRESS', address: 'broken' });
    expect(sq.json.description).toBe('Kërkimi i adresës nuk është i disponueshëm tani. Provoni më vonë, ose zgjidhni pikën në hartë');
  });

  it('refuses bad input, roles that do not edit offices, and the wrong API', async () => {
    const empty = await as.orgadmin!.post('/api/client/geocode', { case: 'GEOCODE-ADDRESS', address: '  ' });
    expect(empty.status).toBe(400);
    expect(empty.json.description).toBe('This field is required');
    expect((await as.orgadmin!.post('/api/client/geocode', { case: 'GEOCODE-ADDRESS', address: 'x'.repeat(501) })).status).toBe(400);
    expect((await as.orgadmin!.post('/api/client/geocode', { case: 'SOMETHING-ELSE' })).status).toBe(400);
    const before = geo.seen.length;
    expect((await as.manager!.post('/api/client/geocode', { case: 'GEOCODE-ADDRESS', address: 'Skanderbeg' })).status).toBe(403);
    expect(geo.seen.length).toBe(before);
    expect((await as.admin!.post('/api/client/geocode', { case: 'GEOCODER-STATUS' })).status).toBe(401);
    expect((await as.orgadmin!.post('/api/admin/geocode', { case: 'GEOCODER-STATUS' })).status).toBe(401);
    const anonymous = new ApiClient(server.baseUrl);
    await anonymous.fetchCsrf();
    expect((await anonymous.post('/api/client/geocode', { case: 'GEOCODER-STATUS' })).status).toBe(401);
  });
});

describe('address lookup without GEOCODER_URL', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite');
  });
  afterAll(async () => server?.close());

  it('says there is no geocoder, and a lookup answers 404 with the catalogue message', async () => {
    const c = new ApiClient(server.baseUrl);
    await c.login('orgadmin@example.com');
    expect((await c.post('/api/client/geocode', { case: 'GEOCODER-STATUS' })).json.body).toEqual({ configured: false });
    const res = await c.post('/api/client/geocode', { case: 'GEOCODE-ADDRESS', address: 'Sheshi Skanderbeg 1' });
    expect(res.status).toBe(404);
    expect(res.json.description).toBe('Address lookup is not set up on this server');
  });
});
