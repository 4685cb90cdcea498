/**
 * MapLibre set-up shared by every map of the console (import it only from lazily loaded modules:
 * maplibre-gl is its own chunk): the worker URL (Vite), MapLibre's CSS, and the basemap style —
 * the tile style at VITE_MAP_STYLE_URL, or the offline style built from the bundled world-atlas
 * countries (fetched once, same origin).
 */
import { setWorkerUrl, type StyleSpecification } from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import 'maplibre-gl/dist/maplibre-gl.css';
import { feature } from 'topojson-client';
import type { Topology } from 'topojson-specification';
import countriesUrl from 'world-atlas/countries-50m.json?url';
import { configuredStyleUrl, offlineStyle } from './basemap-style';

setWorkerUrl(workerUrl);

let countriesPromise: Promise<unknown> | null = null;
/** The countries as GeoJSON (fetched once from the bundled world-atlas file; retried after a failure). */
function loadCountries(): Promise<unknown> {
  countriesPromise ??= fetch(countriesUrl)
    .then((r) => {
      if (!r.ok) throw new Error(`countries ${r.status}`);
      return r.json() as Promise<Topology>;
    })
    .then((topo) => feature(topo, topo.objects.countries!))
    .catch((e: unknown) => {
      countriesPromise = null;
      throw e;
    });
  return countriesPromise;
}

/** The style for a new map: the configured tile style URL, else the offline basemap. Rejects when the countries cannot be loaded. */
export function basemapStyle(): Promise<string | StyleSpecification> {
  const styleUrl = configuredStyleUrl(import.meta.env);
  return styleUrl ? Promise.resolve(styleUrl) : loadCountries().then((c) => offlineStyle(c) as unknown as StyleSpecification);
}

/** True when the basemap is the offline one (countries only: no detail past country level). */
export function isOfflineBasemap(): boolean {
  return configuredStyleUrl(import.meta.env) === null;
}

/** Zoom of a map opened on one point: street level on a tile style, country level on the offline basemap (it has no more detail). */
export function pointZoom(): number {
  return isOfflineBasemap() ? 6 : 14;
}
