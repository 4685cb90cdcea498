/**
 * The offline basemap's countries: the bundled world-atlas TopoJSON at `url`, fetched and turned
 * into a GeoJSON FeatureCollection (topojson-client). Run by countries.worker.ts, and on the main
 * thread by basemap.ts only where that worker cannot run. Rejects when the file cannot be read.
 */
import { feature } from 'topojson-client';
import type { Topology } from 'topojson-specification';

export async function fetchCountries(url: string) {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`countries ${res.status}`);
  const topo = (await res.json()) as Topology;
  return feature(topo, topo.objects.countries!);
}
