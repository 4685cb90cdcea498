/**
 * A small map for choosing a point (issue 4: office and organisation coordinates chosen on a map).
 * Loaded lazily — this module and maplibre-gl are their own chunk — on the shared basemap
 * (shared/map/basemap.ts: offline world-atlas countries, or the VITE_MAP_STYLE_URL tiles).
 * A click reports the point (`onPick`); the marker follows `value`, so coordinates typed in the
 * form move it (and the view pans to a typed point outside it). The container carries
 * data-ready once the style has loaded and data-marker "lat,lng" of the marker ('' for none).
 */
import { useEffect, useRef } from 'react';
import { Marker, type Map as MapLibreMap, type MapMouseEvent } from 'maplibre-gl';
import { PRIMARY_COLOR } from '@vigil/contract';
import { pointZoom } from './basemap';
import { samePoint, type LatLng } from './coordinates';
import { MapSurface, useMapLibre } from './useMapLibre';

export interface CoordinateMapProps {
  /** The point in the form (null: no marker). */
  value: LatLng | null;
  /** A click on the map, at the clicked point (not rounded). */
  onPick: (p: LatLng) => void;
  /** data-testid of the map container. */
  testId: string;
  /** Accessible name of the map region. */
  label: string;
}

/** View of a map opened without a point (the Western Balkans, as the dashboard map). */
const DEFAULT_VIEW = { center: [20, 41] as [number, number], zoom: 2 };

/** The picker map (default export, for React.lazy); see the file comment. */
export default function CoordinateMap({ value, onPick, testId, label }: CoordinateMapProps) {
  const containerRef = useRef<HTMLDivElement | null>(null);
  const mapRef = useRef<MapLibreMap | null>(null);
  const markerRef = useRef<Marker | null>(null);
  const valueRef = useRef(value);
  const pickedRef = useRef<LatLng | null>(null);
  const onPickRef = useRef(onPick);

  useEffect(() => {
    onPickRef.current = onPick;
  }, [onPick]);

  /** Puts the marker at `p` (or removes it); pans to `p` when it is outside the view and was typed, not clicked. */
  const place = (p: LatLng | null) => {
    const map = mapRef.current;
    const container = containerRef.current;
    if (!map || !container) return;
    container.dataset.marker = p ? `${p.lat},${p.lng}` : '';
    if (!p) {
      markerRef.current?.remove();
      markerRef.current = null;
      return;
    }
    markerRef.current ??= new Marker({ color: PRIMARY_COLOR });
    markerRef.current.setLngLat([p.lng, p.lat]).addTo(map);
    const clicked = samePoint(p, pickedRef.current);
    if (!clicked && !map.getBounds().contains([p.lng, p.lat]))
      map.jumpTo({ center: [p.lng, p.lat], zoom: Math.max(map.getZoom(), pointZoom()) });
  };

  // The map, made once.
  const failed = useMapLibre(containerRef, mapRef, {
    options: () => {
      const start = valueRef.current;
      return start ? { center: [start.lng, start.lat], zoom: pointZoom() } : DEFAULT_VIEW;
    },
    init: (m, container) => {
      m.getCanvas().style.cursor = 'crosshair';
      m.on('load', () => {
        container.dataset.ready = 'true';
        place(valueRef.current);
      });
      m.on('click', (e: MapMouseEvent) => {
        const p = { lat: e.lngLat.lat, lng: e.lngLat.lng };
        pickedRef.current = p;
        onPickRef.current(p);
      });
      return () => {
        markerRef.current?.remove();
        markerRef.current = null;
      };
    },
  });

  // Follow the form's value (typed, clicked or found from the address).
  useEffect(() => {
    valueRef.current = value;
    if (containerRef.current?.dataset.ready) place(value);
    // The point's numbers, not the object (a new one on every render of the form).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value?.lat, value?.lng]);

  return <MapSurface containerRef={containerRef} failed={failed} testId={testId} label={label} />;
}
