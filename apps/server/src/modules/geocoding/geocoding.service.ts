/**
 * Address lookup for the office and organisation forms (issue 4: coordinates "from the address"):
 * a Nominatim-compatible geocoder at GEOCODER_URL, called by the server — the console never
 * talks to a third party, and the operator chooses (or hosts) the geocoder.
 */
import { GEOCODE_MAX_RESULTS, ManagementKey, roundCoordinate, type GeocodeResult } from '@vigil/contract';
import { AppError } from '../../plugins/errors.js';

/** How long a geocoder may take before the lookup fails, ms. */
export const GEOCODER_TIMEOUT_MS = 5_000;

/** The 502 of a failed lookup, carrying what went wrong as its `cause` (for the log, never the client). */
const failed = (cause: unknown): AppError => Object.assign(new AppError(502, ManagementKey.GeocoderFailed), { cause });

/** Options of a lookup: the answer language (Accept-Language) and who is asking (User-Agent). */
export interface GeocodeOptions {
  language: string;
  userAgent: string;
  timeoutMs?: number;
}

/**
 * The places matching `address`, best first (at most GEOCODE_MAX_RESULTS): GET
 * `<baseUrl>/search?format=json&limit=N&q=<address>` (Nominatim's API; a base URL with a path,
 * e.g. https://host/nominatim/, keeps it). Entries without usable coordinates are skipped.
 * @throws AppError 502 management.errors.geocoderFailed when the geocoder cannot be reached,
 *   times out, answers an error status or something that is not Nominatim's JSON array.
 */
export async function geocodeAddress(baseUrl: string, address: string, opts: GeocodeOptions): Promise<GeocodeResult[]> {
  const url = new URL('search', baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`);
  url.searchParams.set('format', 'json');
  url.searchParams.set('limit', String(GEOCODE_MAX_RESULTS));
  url.searchParams.set('q', address);
  let body: unknown;
  try {
    const res = await fetch(url, {
      headers: { accept: 'application/json', 'accept-language': opts.language, 'user-agent': opts.userAgent },
      signal: AbortSignal.timeout(opts.timeoutMs ?? GEOCODER_TIMEOUT_MS),
    });
    if (!res.ok) throw new Error(`geocoder answered ${res.status}`);
    body = await res.json();
  } catch (err) {
    throw failed(err);
  }
  if (!Array.isArray(body)) throw failed(new Error('geocoder answer is not an array'));
  const out: GeocodeResult[] = [];
  for (const item of body as unknown[]) {
    if (!item || typeof item !== 'object') continue;
    const x = item as { lat?: unknown; lon?: unknown; display_name?: unknown };
    const lat = Number(x.lat);
    const lon = Number(x.lon);
    if (x.lat == null || x.lon == null || !Number.isFinite(lat) || !Number.isFinite(lon) || Math.abs(lat) > 90 || Math.abs(lon) > 180)
      continue;
    out.push({
      Latitude: roundCoordinate(lat),
      Longitude: roundCoordinate(lon),
      DisplayName: typeof x.display_name === 'string' ? x.display_name.slice(0, 500) : address,
    });
    if (out.length === GEOCODE_MAX_RESULTS) break;
  }
  return out;
}
