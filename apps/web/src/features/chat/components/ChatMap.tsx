/**
 * The caller's position with its accuracy circle (issue 14 /chat/[id]): a marker at the latest
 * position and a circle of HorizontalAccuracy metres around it, on the shared basemap. Loaded
 * lazily (maplibre-gl is its own chunk). The container carries data-ready once drawn and
 * data-accuracy (metres).
 */
import { useEffect, useRef } from 'react';
import { Marker, NavigationControl, type GeoJSONSource, type Map as MapLibreMap } from 'maplibre-gl';
import { PRIMARY_COLOR } from '@vigil/contract';
import { MapSurface, useMapLibre } from '../../../shared/map/useMapLibre';

const SOURCE = 'chat-accuracy';

/** A circle of `metres` around a point, as a GeoJSON polygon (64 vertices; fine for a few km). */
export function accuracyCircle(lat: number, lng: number, metres: number): GeoJSON.Feature<GeoJSON.Polygon> {
  const coords: [number, number][] = [];
  const dLat = metres / 111_320;
  const dLng = metres / (111_320 * Math.max(0.01, Math.cos((lat * Math.PI) / 180)));
  for (let i = 0; i <= 64; i++) {
    const a = (i / 64) * 2 * Math.PI;
    coords.push([lng + dLng * Math.cos(a), lat + dLat * Math.sin(a)]);
  }
  return { type: 'Feature', properties: {}, geometry: { type: 'Polygon', coordinates: [coords] } };
}

/** Zoom showing a circle of `metres` in a small map. */
function zoomFor(metres: number): number {
  return Math.max(3, Math.min(18, 16 - Math.log2(Math.max(10, metres) / 40)));
}

export default function ChatMap({ lat, lng, accuracy, label }: { lat: number; lng: number; accuracy: number; label: string }) {
  const containerRef = useRef<HTMLDivElement | null>(null);
  const mapRef = useRef<MapLibreMap | null>(null);
  const markerRef = useRef<Marker | null>(null);
  const latest = useRef({ lat, lng, accuracy });

  const draw = (m: MapLibreMap, container: HTMLDivElement) => {
    const p = latest.current;
    void (m.getSource(SOURCE) as GeoJSONSource | undefined)?.setData(accuracyCircle(p.lat, p.lng, p.accuracy));
    markerRef.current ??= new Marker({ color: '#c62828' }).setLngLat([p.lng, p.lat]).addTo(m);
    markerRef.current.setLngLat([p.lng, p.lat]);
    container.dataset.accuracy = String(p.accuracy);
  };

  const failed = useMapLibre(containerRef, mapRef, {
    options: () => ({ center: [latest.current.lng, latest.current.lat], zoom: zoomFor(latest.current.accuracy), dragRotate: false }),
    init: (m, container) => {
      m.addControl(new NavigationControl({ showCompass: false }), 'top-right');
      m.on('load', () => {
        m.addSource(SOURCE, { type: 'geojson', data: accuracyCircle(latest.current.lat, latest.current.lng, latest.current.accuracy) });
        m.addLayer({ id: `${SOURCE}-fill`, type: 'fill', source: SOURCE, paint: { 'fill-color': PRIMARY_COLOR, 'fill-opacity': 0.2 } });
        m.addLayer({ id: `${SOURCE}-line`, type: 'line', source: SOURCE, paint: { 'line-color': PRIMARY_COLOR, 'line-width': 2 } });
        draw(m, container);
        container.dataset.ready = 'true';
      });
      return () => {
        markerRef.current?.remove();
        markerRef.current = null;
      };
    },
  });

  useEffect(() => {
    latest.current = { lat, lng, accuracy };
    const m = mapRef.current;
    const c = containerRef.current;
    if (!m || !c?.dataset.ready) return;
    draw(m, c);
    m.easeTo({ center: [lng, lat], zoom: zoomFor(accuracy), duration: 0 });
  }, [lat, lng, accuracy]);

  return <MapSurface containerRef={containerRef} failed={failed} testId="chat-map" label={label} minHeight={260} />;
}
