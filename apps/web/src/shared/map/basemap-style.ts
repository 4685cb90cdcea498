/**
 * The basemap shared by every map of the console (dashboard branch map, coordinate picker):
 * the offline style built from the bundled world-atlas countries (no network), or the tile style
 * at VITE_MAP_STYLE_URL, and the WebGL check MapLibre needs. No maplibre import here, so these
 * run in node tests; shared/map/basemap.ts loads the style for MapLibre.
 */

export const BASEMAP = { water: '#dbe7f3', land: '#f6f5f0', border: '#a7a7a7' } as const;

/** The offline style: a background (water) and the countries as a fill and a line. */
export function offlineStyle(countries: unknown) {
  return {
    version: 8 as const,
    sources: { countries: { type: 'geojson' as const, data: countries } },
    layers: [
      { id: 'water', type: 'background' as const, paint: { 'background-color': BASEMAP.water } },
      { id: 'countries-fill', type: 'fill' as const, source: 'countries', paint: { 'fill-color': BASEMAP.land } },
      { id: 'countries-line', type: 'line' as const, source: 'countries', paint: { 'line-color': BASEMAP.border, 'line-width': 0.6 } },
    ],
  };
}

/** The configured tile style URL (VITE_MAP_STYLE_URL), or null for the offline basemap. */
export function configuredStyleUrl(env: Record<string, unknown>): string | null {
  const v = env.VITE_MAP_STYLE_URL;
  return typeof v === 'string' && v.trim() ? v.trim() : null;
}

/** True when the browser can give a WebGL context (the map needs one). */
export function webglAvailable(doc: Pick<Document, 'createElement'> | undefined = globalThis.document): boolean {
  if (!doc) return false;
  try {
    const canvas = doc.createElement('canvas') as HTMLCanvasElement;
    return !!(canvas.getContext('webgl2') ?? canvas.getContext('webgl'));
  } catch {
    return false;
  }
}

let webgl: boolean | null = null;
/** webglAvailable(), asked once per page (creating WebGL contexts is not free). */
export function canUseWebgl(): boolean {
  webgl ??= webglAvailable();
  return webgl;
}
