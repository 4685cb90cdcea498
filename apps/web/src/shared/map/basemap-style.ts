/**
 * The basemap shared by every map of the console (dashboard branch map, coordinate picker, points
 * map): the offline style built from the bundled world-atlas countries and the bundled labels
 * (places.json: countries and the larger cities, drawn with the bundled DejaVu Sans subset declared
 * as a `font-faces` font, so no glyph server is needed), or the tile style at VITE_MAP_STYLE_URL,
 * and the WebGL check MapLibre needs. No maplibre import here, so these run in node tests;
 * shared/map/basemap.ts loads the style for MapLibre.
 */

export const BASEMAP = { water: '#dbe7f3', land: '#f6f5f0', border: '#a7a7a7', label: '#4a4a4a', city: '#5f6b7a' } as const;

/** Name of the bundled label font in the offline style (its `font-faces` key and every `text-font`). */
export const LABEL_FONT = 'Vigil Sans';

/** Text halo shared by the label layers. */
const HALO = { 'text-halo-color': 'rgba(255,255,255,0.9)', 'text-halo-width': 1.2 } as const;

/**
 * The offline style: a background (water), the countries as a fill and a line, then labels from
 * `places` (a GeoJSON FeatureCollection of points with `kind` 'country' | 'capital' | 'city', `name`
 * and `rank`, larger first on collisions): country names from zoom 2, capitals from 4, other cities
 * from 5. `fontUrl` is the URL of the label font (same origin); without it the labels are left out.
 */
export function offlineStyle(countries: unknown, places?: unknown, fontUrl?: string) {
  const labels = places !== undefined && !!fontUrl;
  const cityText = {
    'text-field': ['get', 'name'],
    'text-font': [LABEL_FONT],
    'text-size': 11,
    'text-anchor': 'top',
    'text-offset': [0, 0.4],
    'symbol-sort-key': ['-', 0, ['get', 'rank']],
  };
  return {
    version: 8 as const,
    ...(labels ? { 'font-faces': { [LABEL_FONT]: fontUrl } } : {}),
    sources: {
      countries: { type: 'geojson' as const, data: countries },
      ...(labels ? { places: { type: 'geojson' as const, data: places } } : {}),
    },
    layers: [
      { id: 'water', type: 'background' as const, paint: { 'background-color': BASEMAP.water } },
      { id: 'countries-fill', type: 'fill' as const, source: 'countries', paint: { 'fill-color': BASEMAP.land } },
      { id: 'countries-line', type: 'line' as const, source: 'countries', paint: { 'line-color': BASEMAP.border, 'line-width': 0.6 } },
      ...(labels
        ? [
            {
              id: 'places-country',
              type: 'symbol' as const,
              source: 'places',
              minzoom: 2,
              maxzoom: 9,
              filter: ['==', ['get', 'kind'], 'country'],
              layout: {
                'text-field': ['get', 'name'],
                'text-font': [LABEL_FONT],
                'text-size': ['interpolate', ['linear'], ['zoom'], 2, 10, 6, 14],
                'text-transform': 'uppercase',
                'text-letter-spacing': 0.08,
                'text-max-width': 7,
                'symbol-sort-key': ['-', 0, ['get', 'rank']],
              },
              paint: { 'text-color': BASEMAP.label, ...HALO },
            },
            {
              id: 'places-city-dot',
              type: 'circle' as const,
              source: 'places',
              minzoom: 4,
              filter: ['!=', ['get', 'kind'], 'country'],
              paint: { 'circle-radius': 2.5, 'circle-color': BASEMAP.city },
            },
            {
              id: 'places-capital',
              type: 'symbol' as const,
              source: 'places',
              minzoom: 4,
              filter: ['==', ['get', 'kind'], 'capital'],
              layout: cityText,
              paint: { 'text-color': BASEMAP.city, ...HALO },
            },
            {
              id: 'places-city',
              type: 'symbol' as const,
              source: 'places',
              minzoom: 5,
              filter: ['==', ['get', 'kind'], 'city'],
              layout: cityText,
              paint: { 'text-color': BASEMAP.city, ...HALO },
            },
          ]
        : []),
    ],
  };
}

/** True when the map's style can draw text (the offline style's bundled font, or a tile style's glyphs). */
export function styleHasText(style: { glyphs?: unknown; 'font-faces'?: unknown }): boolean {
  return !!style.glyphs || !!style['font-faces'];
}

/** The configured tile style URL (VITE_MAP_STYLE_URL), or null for the offline basemap. */
export function configuredStyleUrl(env: Record<string, unknown>): string | null {
  const v = env.VITE_MAP_STYLE_URL;
  return typeof v === 'string' && v.trim() ? v.trim() : null;
}

/**
 * True when the browser has WebGL2, which MapLibre needs: read from the API's presence, without
 * making a context. A context made only to ask was one main-thread task of 250–350 ms where WebGL
 * runs in software (no GPU: SwiftShader), each time a page first drew a map, before the map made
 * its own (issue 20, dashboard at scale). A browser that has the API but cannot make a context (a
 * blocked GPU) is told by MapLibre itself: its constructor throws GPUInitializationError, and the
 * map shows the same "no WebGL" message in its place (useMapLibre, MapSurface).
 */
export function canUseWebgl(): boolean {
  return typeof globalThis.WebGL2RenderingContext === 'function';
}
