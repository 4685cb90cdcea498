/**
 * A small read-only map of one or more points (issue 6: an activity's location, a timer's pings).
 * Loaded lazily — this module and maplibre-gl are their own chunk — on the shared basemap
 * (shared/map/basemap.ts: offline world-atlas countries, or the VITE_MAP_STYLE_URL tiles).
 * A marker per point (the first and the last coloured apart when there are several, the ones
 * between as small dots), optionally a line through them in their order, and the view fitted to
 * them. It can be panned and zoomed; clicks pick nothing. The container carries data-ready once
 * the style has loaded, data-points (markers shown) and data-line ("true" when the line is drawn).
 */
import { useEffect, useRef } from 'react';
import { Marker, NavigationControl, type GeoJSONSource, type Map as MapLibreMap } from 'maplibre-gl';
import { PRIMARY_COLOR } from '@vigil/contract';
import { pointZoom } from './basemap';
import {
  FIT_MAX_ZOOM,
  FIT_PADDING,
  POINT_COLORS,
  boundsOfPoints,
  lineThrough,
  pointRole,
  pointsKey,
  pointsView,
  type MapPoint,
} from './points';
import { MapSurface, useMapLibre } from './useMapLibre';

export interface PointsMapProps {
  /** The points, in order (usable coordinates only: see usablePoint). */
  points: readonly MapPoint[];
  /** Draw a line through the points in their order. */
  line?: boolean;
  /** data-testid of the map container. */
  testId: string;
  /** Accessible name of the map region. */
  label: string;
}

const LINE_SOURCE = 'points-line';
/** View of a map with no point (the Western Balkans, as the other maps). */
const EMPTY_VIEW = { center: [20, 41] as [number, number], zoom: 2 };
const EMPTY_LINE: GeoJSON.FeatureCollection = { type: 'FeatureCollection', features: [] };

/** The element of a marker between the first and the last: a small dot. */
function dotElement(): HTMLElement {
  const el = document.createElement('div');
  Object.assign(el.style, {
    width: '10px',
    height: '10px',
    borderRadius: '50%',
    background: POINT_COLORS.middle,
    border: '2px solid #fff',
    boxShadow: '0 0 2px rgba(0,0,0,.5)',
  });
  return el;
}

/** Markers for the points (replacing `old`), the line source's data, and the container's data attributes. */
function draw(map: MapLibreMap, container: HTMLDivElement, points: readonly MapPoint[], line: boolean, old: Marker[]): Marker[] {
  for (const m of old) m.remove();
  const markers = points.map((p, i) => {
    const role = pointRole(i, points.length);
    const marker = role === 'middle' ? new Marker({ element: dotElement() }) : new Marker({ color: POINT_COLORS[role] });
    const el = marker.getElement();
    el.dataset.role = role;
    if (p.label) {
      el.title = p.label;
      el.setAttribute('aria-label', p.label);
    }
    return marker.setLngLat([p.lng, p.lat]).addTo(map);
  });
  const feature = line ? lineThrough(points) : null;
  void (map.getSource(LINE_SOURCE) as GeoJSONSource | undefined)?.setData(feature ?? EMPTY_LINE);
  container.dataset.points = String(markers.length);
  container.dataset.line = String(feature !== null);
  return markers;
}

/** The read-only points map (default export, for React.lazy); see the file comment. */
export default function PointsMap({ points, line = false, testId, label }: PointsMapProps) {
  const pointsRef = useRef(points);
  const lineRef = useRef(line);
  const markersRef = useRef<Marker[]>([]);
  const key = pointsKey(points);

  const containerRef = useRef<HTMLDivElement | null>(null);
  const mapRef = useRef<MapLibreMap | null>(null);
  const failed = useMapLibre(containerRef, mapRef, {
    options: () => ({
      ...pointsView(pointsRef.current, { pointZoom: pointZoom(), maxZoom: FIT_MAX_ZOOM }, EMPTY_VIEW),
      dragRotate: false,
      touchPitch: false,
    }),
    init: (m, container) => {
      m.addControl(new NavigationControl({ showCompass: false }), 'top-right');
      m.on('load', () => {
        m.addSource(LINE_SOURCE, { type: 'geojson', data: EMPTY_LINE });
        m.addLayer({
          id: LINE_SOURCE,
          type: 'line',
          source: LINE_SOURCE,
          layout: { 'line-join': 'round', 'line-cap': 'round' },
          paint: { 'line-color': PRIMARY_COLOR, 'line-width': 3, 'line-opacity': 0.75 },
        });
        markersRef.current = draw(m, container, pointsRef.current, lineRef.current, markersRef.current);
        container.dataset.ready = 'true';
      });
      return () => {
        for (const marker of markersRef.current) marker.remove();
        markersRef.current = [];
      };
    },
  });

  // New points (or line on / off): redraw and fit the view to them again.
  useEffect(() => {
    pointsRef.current = points;
    lineRef.current = line;
    const map = mapRef.current;
    const container = containerRef.current;
    if (!map || !container?.dataset.ready) return;
    markersRef.current = draw(map, container, points, line, markersRef.current);
    const b = boundsOfPoints(points);
    if (b) map.fitBounds(b, { padding: FIT_PADDING, maxZoom: points.length > 1 ? FIT_MAX_ZOOM : pointZoom(), animate: false });
    // The points' numbers, not the array (a new one on every render of the report).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, line]);

  return <MapSurface containerRef={containerRef} failed={failed} testId={testId} label={label} />;
}
