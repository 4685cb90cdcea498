/**
 * A small map for choosing a point (issue 4: office and organisation coordinates chosen on a map).
 * Loaded lazily — this module and maplibre-gl are their own chunk — on the shared basemap
 * (shared/map/basemap.ts: offline world-atlas countries, or the VITE_MAP_STYLE_URL tiles).
 * A click reports the point (`onPick`); the marker follows `value`, so coordinates typed in the
 * form move it (and the view pans to a typed point outside it). The container carries
 * data-ready once the style has loaded and data-marker "lat,lng" of the marker ('' for none).
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Box } from '@mui/material';
import { Map as MapLibreMap, Marker, type MapMouseEvent } from 'maplibre-gl';
import { PRIMARY_COLOR } from '@vigil/contract';
import { basemapStyle, isOfflineBasemap } from './basemap';
import { samePoint, type LatLng } from './coordinates';

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

/** Zoom of a map opened on a point: street level on a tile style, country level on the offline basemap (it has no more detail). */
const pointZoom = () => (isOfflineBasemap() ? 6 : 14);
/** View of a map opened without a point (the Western Balkans, as the dashboard map). */
const DEFAULT_VIEW = { center: [20, 41] as [number, number], zoom: 2 };

/** The picker map (default export, for React.lazy); see the file comment. */
export default function CoordinateMap({ value, onPick, testId, label }: CoordinateMapProps) {
  const { t } = useTranslation();
  const containerRef = useRef<HTMLDivElement | null>(null);
  const mapRef = useRef<MapLibreMap | null>(null);
  const markerRef = useRef<Marker | null>(null);
  const valueRef = useRef(value);
  const pickedRef = useRef<LatLng | null>(null);
  const onPickRef = useRef(onPick);
  const [failed, setFailed] = useState(false);

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
    if (!clicked && !map.getBounds().contains([p.lng, p.lat])) map.jumpTo({ center: [p.lng, p.lat], zoom: Math.max(map.getZoom(), pointZoom()) });
  };

  // Create the map once.
  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    let cancelled = false;
    let map: MapLibreMap | null = null;
    let observer: ResizeObserver | null = null;
    basemapStyle()
      .then((style) => {
        if (cancelled) return;
        const start = valueRef.current;
        map = new MapLibreMap({
          container,
          style,
          attributionControl: false,
          ...(start ? { center: [start.lng, start.lat], zoom: pointZoom() } : DEFAULT_VIEW),
        });
        mapRef.current = map;
        const m = map;
        m.on('error', (e) => console.warn('map', e.error));
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
        observer = new ResizeObserver(() => m.resize());
        observer.observe(container);
      })
      .catch((e: unknown) => {
        console.error('map failed', e);
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
      observer?.disconnect();
      markerRef.current?.remove();
      markerRef.current = null;
      mapRef.current = null;
      map?.remove();
    };
  }, []);

  // Follow the form's value (typed, clicked or found from the address).
  useEffect(() => {
    valueRef.current = value;
    if (containerRef.current?.dataset.ready) place(value);
    // The point's numbers, not the object (a new one on every render of the form).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value?.lat, value?.lng]);

  if (failed) return <Alert severity="warning" data-testid={`${testId}-fallback`}>{t('map.loadFailed')}</Alert>;
  return <Box ref={containerRef} data-testid={testId} aria-label={label} role="region" sx={{ width: '100%', height: '100%', borderRadius: 1, overflow: 'hidden' }} />;
}
