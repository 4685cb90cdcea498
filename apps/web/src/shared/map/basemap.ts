/**
 * MapLibre set-up shared by every map of the console (import it only from lazily loaded modules:
 * maplibre-gl is its own chunk): the worker URL (Vite), MapLibre's CSS, and the basemap style —
 * the tile style at VITE_MAP_STYLE_URL, or the offline style built from the bundled world-atlas
 * countries (made into GeoJSON off the main thread: countries.worker.ts) and labels (places.json,
 * drawn with the bundled font; all fetched once, same origin).
 */
import { setWorkerUrl, type StyleSpecification } from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import 'maplibre-gl/dist/maplibre-gl.css';
import countriesUrl from 'world-atlas/countries-50m.json?url';
import placesUrl from './places.json?url';
import labelFontUrl from './fonts/DejaVuSans-Latin.woff?url';
import { configuredStyleUrl, offlineStyle } from './basemap-style';
import { fetchCountries } from './countries';
import type { CountriesAnswer } from './countries.worker';

setWorkerUrl(workerUrl);

let countriesPromise: Promise<unknown> | null = null;

/**
 * The countries as GeoJSON, made once per page (retried after a failure): a blob: URL of the
 * GeoJSON text made by countries.worker.ts, so neither the conversion nor the parse runs on the
 * main thread (MapLibre fetches and parses a URL `data` in its own worker); where that worker
 * cannot run, the GeoJSON object made here as before.
 */
function loadCountries(): Promise<unknown> {
  countriesPromise ??= countriesInWorker()
    .catch((e: unknown) => {
      console.warn('countries worker', e);
      return fetchCountries(countriesUrl);
    })
    .catch((e: unknown) => {
      countriesPromise = null;
      throw e;
    });
  return countriesPromise;
}

/** countries.worker.ts's GeoJSON as a blob: URL (kept for the page's life: every map of the page uses it). */
function countriesInWorker(): Promise<string> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./countries.worker.ts', import.meta.url), { type: 'module' });
    const done = () => worker.terminate();
    worker.onmessage = (e: MessageEvent<CountriesAnswer>) => {
      done();
      if ('error' in e.data) reject(new Error(e.data.error));
      else resolve(URL.createObjectURL(new Blob([e.data.bytes], { type: 'application/json' })));
    };
    worker.onerror = (e) => {
      done();
      reject(new Error(e.message || 'countries worker failed'));
    };
    worker.postMessage(new URL(countriesUrl, window.location.href).href);
  });
}

let placesPromise: Promise<unknown> | null = null;
/** The label points (fetched once from the bundled places.json; null when that fails: the map then has no labels). */
function loadPlaces(): Promise<unknown> {
  placesPromise ??= fetch(placesUrl)
    .then((r) => {
      if (!r.ok) throw new Error(`places ${r.status}`);
      return r.json() as Promise<unknown>;
    })
    .catch((e: unknown) => {
      console.warn('map labels', e);
      placesPromise = null;
      return null;
    });
  return placesPromise;
}

/** The style for a new map: the configured tile style URL, else the offline basemap with its labels. Rejects when the countries cannot be loaded. */
export function basemapStyle(): Promise<string | StyleSpecification> {
  const styleUrl = configuredStyleUrl(import.meta.env);
  if (styleUrl) return Promise.resolve(styleUrl);
  return Promise.all([loadCountries(), loadPlaces()]).then(
    ([c, places]) =>
      offlineStyle(c, places ?? undefined, new URL(labelFontUrl, window.location.href).href) as unknown as StyleSpecification,
  );
}

/** True when the basemap is the offline one (countries only: no detail past country level). */
export function isOfflineBasemap(): boolean {
  return configuredStyleUrl(import.meta.env) === null;
}

/** Zoom of a map opened on one point: street level on a tile style, country level on the offline basemap (it has no more detail). */
export function pointZoom(): number {
  return isOfflineBasemap() ? 6 : 14;
}
