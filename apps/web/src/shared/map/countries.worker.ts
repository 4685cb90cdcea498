/**
 * The offline basemap's countries, made off the main thread (issue 20 "Dashboard at scale"): fetches
 * the bundled world-atlas TopoJSON at the URL it is sent, turns it into a GeoJSON
 * FeatureCollection (countries.ts) and answers its JSON text as UTF-8 bytes (transferred, not
 * copied), which basemap.ts hands to MapLibre as a blob: URL; MapLibre's own worker parses it.
 * On the main thread this conversion was one task of 250–300 ms each time a page first drew a map
 * (the dashboard right after sign-in). Answers `{ bytes }`, or `{ error }` with the reason.
 */
import { fetchCountries } from './countries';

/** What the worker answers. */
export type CountriesAnswer = { bytes: Uint8Array<ArrayBuffer> } | { error: string };

self.onmessage = async (e: MessageEvent<string>) => {
  try {
    const bytes = new TextEncoder().encode(JSON.stringify(await fetchCountries(e.data)));
    self.postMessage({ bytes } satisfies CountriesAnswer, { transfer: [bytes.buffer] });
  } catch (err) {
    self.postMessage({ error: String(err) } satisfies CountriesAnswer);
  }
};
