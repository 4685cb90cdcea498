/**
 * The branch map (MapLibre; loaded lazily — this module and maplibre-gl are their own chunk).
 * Offline basemap from world-atlas countries with bundled country and city labels (no network),
 * or the style at VITE_MAP_STYLE_URL (shared/map/basemap.ts, as the coordinate picker).
 * Branches are a clustered GeoJSON source fed from the board query's rows, so every socket event
 * that recolours the board recolours the map. Issue 13: the map opens fitted to the bounds of all
 * the branches it is given; a cluster shows its member count in the colour of its worst status;
 * branches in alarm are drawn above the rest with a pulsing ring (a still ring when the user asks
 * for reduced motion).
 * The container carries data-alarm-count (alarm branches in the source after its last update),
 * data-bounds (the view after the last move, JSON [[west, south], [east, north]]) and
 * data-branch-bounds (the bounds of the branches at the first view), for tests and tools.
 */
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Popup, type GeoJSONSource, type Map as MapLibreMap, type MapLayerMouseEvent } from 'maplibre-gl';
import { BRANCH_STATUS_COLORS, type BranchOfficeRow } from '@vigil/contract';
import { MapSurface, useMapLibre } from '../../../shared/map/useMapLibre';
import { LABEL_FONT, styleHasText } from '../../../shared/map/basemap-style';
import {
  BRANCH_SOURCE,
  CLUSTER_COLOR,
  CLUSTER_COUNT_LAYER,
  CLUSTER_LAYER,
  CLUSTER_MAX_ZOOM,
  CLUSTER_PROPERTIES,
  CLUSTER_RADIUS,
  CLUSTER_RADIUS_EXPR,
  CLUSTER_TEXT_COLOR,
  ALARM_LAYER,
  PULSE_LAYER,
  POINT_LAYER,
  alarmCount,
  boundsOf,
  branchFeatures,
  type BranchCollection,
} from './map-features';

function addBranchLayers(map: MapLibreMap, data: BranchCollection): void {
  map.addSource(BRANCH_SOURCE, {
    type: 'geojson',
    data: data as unknown as GeoJSON.FeatureCollection,
    cluster: true,
    clusterRadius: CLUSTER_RADIUS,
    clusterMaxZoom: CLUSTER_MAX_ZOOM,
    clusterProperties: CLUSTER_PROPERTIES as unknown as Record<string, [unknown, unknown]>,
  });
  map.addLayer({
    id: CLUSTER_LAYER,
    type: 'circle',
    source: BRANCH_SOURCE,
    filter: ['has', 'point_count'],
    paint: {
      'circle-color': CLUSTER_COLOR as never,
      'circle-radius': CLUSTER_RADIUS_EXPR as never,
      'circle-opacity': 0.85,
      'circle-stroke-color': '#fff',
      'circle-stroke-width': 2,
    },
  });
  const style = map.getStyle();
  if (styleHasText(style)) {
    // The member count on clusters: the bundled font offline, a tile style's own fonts otherwise.
    map.addLayer({
      id: CLUSTER_COUNT_LAYER,
      type: 'symbol',
      source: BRANCH_SOURCE,
      filter: ['has', 'point_count'],
      layout: {
        'text-field': ['get', 'point_count_abbreviated'],
        'text-size': 12,
        'text-allow-overlap': true,
        ...(style['font-faces'] ? { 'text-font': [LABEL_FONT] } : {}),
      },
      paint: { 'text-color': CLUSTER_TEXT_COLOR as never },
    });
  }
  map.addLayer({
    id: POINT_LAYER,
    type: 'circle',
    source: BRANCH_SOURCE,
    filter: ['all', ['!', ['has', 'point_count']], ['!=', ['get', 'alarm'], 1]],
    paint: {
      'circle-color': ['get', 'color'],
      'circle-radius': 7,
      'circle-stroke-color': '#fff',
      'circle-stroke-width': 2,
    },
  });
  // Alarm branches (and clusters holding one) above everything else: a ring, then the point.
  map.addLayer({
    id: PULSE_LAYER,
    type: 'circle',
    source: BRANCH_SOURCE,
    filter: ['>', ['get', 'alarm'], 0],
    paint: {
      'circle-color': 'rgba(0,0,0,0)',
      'circle-radius': PULSE_MIN_PX,
      'circle-stroke-color': BRANCH_STATUS_COLORS.alarm,
      'circle-stroke-width': 3,
      'circle-stroke-opacity': 0.7,
    },
  });
  map.addLayer({
    id: ALARM_LAYER,
    type: 'circle',
    source: BRANCH_SOURCE,
    filter: ['all', ['!', ['has', 'point_count']], ['==', ['get', 'alarm'], 1]],
    paint: {
      'circle-color': ['get', 'color'],
      'circle-radius': 9,
      'circle-stroke-color': '#fff',
      'circle-stroke-width': 2,
    },
  });
}

/** The pulse: the ring grows from PULSE_MIN_PX past the point or cluster and fades, every PULSE_PERIOD_MS. */
const PULSE_MIN_PX = 12;
const PULSE_GROW_PX = 16;
const PULSE_PERIOD_MS = 1500;
/** Repaint interval of the pulse (about 8 frames a second: smooth enough, light on software GL). */
const PULSE_STEP_MS = 120;

/**
 * Animates the alarm ring while the map lives (not at all when the user prefers reduced motion);
 * the ring around a cluster starts at the cluster's radius. Answers the stop function.
 */
function startPulse(map: MapLibreMap): () => void {
  if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return () => undefined;
  const started = performance.now();
  const id = window.setInterval(() => {
    if (!map.getLayer(PULSE_LAYER)) return;
    const phase = ((performance.now() - started) % PULSE_PERIOD_MS) / PULSE_PERIOD_MS;
    const grow = PULSE_GROW_PX * phase;
    map.setPaintProperty(PULSE_LAYER, 'circle-radius', [
      '+',
      grow,
      ['case', ['has', 'point_count'], ['+', 4, CLUSTER_RADIUS_EXPR as unknown as number], PULSE_MIN_PX],
    ]);
    map.setPaintProperty(PULSE_LAYER, 'circle-stroke-opacity', 0.8 * (1 - phase));
  }, PULSE_STEP_MS);
  return () => window.clearInterval(id);
}

/** [[west, south], [east, north]] of the map's current view, rounded to 5 decimals. */
function viewBounds(m: MapLibreMap): [[number, number], [number, number]] {
  const b = m.getBounds();
  const r = (n: number) => Math.round(n * 1e5) / 1e5;
  return [
    [r(b.getWest()), r(b.getSouth())],
    [r(b.getEast()), r(b.getNorth())],
  ];
}

/** Room (px) around the branches in the first view; small, as the map panel may be small. */
const FIT_PADDING_PX = 28;

export interface BranchMapProps {
  rows: readonly BranchOfficeRow[];
  /** Status label of a branch for its popup. */
  statusLabel: (status: string) => string;
}

export default function BranchMap({ rows, statusLabel }: BranchMapProps) {
  const { t } = useTranslation();
  const readyRef = useRef(false);
  const dataRef = useRef<BranchCollection>(branchFeatures(rows));
  const labelRef = useRef(statusLabel);

  useEffect(() => {
    labelRef.current = statusLabel;
  }, [statusLabel]);

  // The map, made once.
  const containerRef = useRef<HTMLDivElement | null>(null);
  const mapRef = useRef<MapLibreMap | null>(null);
  const failed = useMapLibre(containerRef, mapRef, {
    options: () => {
      const initial = boundsOf(dataRef.current);
      return initial ? { bounds: initial, fitBoundsOptions: { padding: FIT_PADDING_PX, maxZoom: 9 } } : { center: [20, 41], zoom: 2 };
    },
    init: (m, container) => {
      let stopPulse = () => undefined as void;
      const initial = boundsOf(dataRef.current);
      if (initial) container.dataset.branchBounds = JSON.stringify(initial);
      const showView = () => (container.dataset.bounds = JSON.stringify(viewBounds(m)));
      m.on('moveend', showView);
      m.on('load', () => {
        addBranchLayers(m, dataRef.current);
        readyRef.current = true;
        container.dataset.alarmCount = String(alarmCount(dataRef.current));
        showView();
        container.dataset.ready = 'true';
        stopPulse = startPulse(m);
      });
      m.on('click', CLUSTER_LAYER, (e: MapLayerMouseEvent) => {
        const f = e.features?.[0];
        const clusterId = f?.properties?.cluster_id as number | undefined;
        if (clusterId === undefined || !f || f.geometry.type !== 'Point') return;
        const center = f.geometry.coordinates as [number, number];
        void (m.getSource(BRANCH_SOURCE) as GeoJSONSource).getClusterExpansionZoom(clusterId).then((zoom) => m.easeTo({ center, zoom }));
      });
      const showPopup = (e: MapLayerMouseEvent) => {
        const f = e.features?.[0];
        if (!f || f.geometry.type !== 'Point') return;
        const p = f.properties as { name?: string; code?: string; status?: string };
        const el = document.createElement('div');
        const strong = document.createElement('strong');
        strong.textContent = p.name ?? '';
        el.append(strong, document.createElement('br'), `${p.code ?? ''} · ${labelRef.current(p.status ?? '')}`);
        new Popup({ closeButton: false })
          .setLngLat(f.geometry.coordinates as [number, number])
          .setDOMContent(el)
          .addTo(m);
      };
      m.on('click', POINT_LAYER, showPopup);
      m.on('click', ALARM_LAYER, showPopup);
      for (const layer of [CLUSTER_LAYER, POINT_LAYER, ALARM_LAYER]) {
        m.on('mouseenter', layer, () => (m.getCanvas().style.cursor = 'pointer'));
        m.on('mouseleave', layer, () => (m.getCanvas().style.cursor = ''));
      }
      return () => {
        stopPulse();
        readyRef.current = false;
      };
    },
  });

  // Feed the source from the board rows (socket events recolour the board query, hence the map).
  useEffect(() => {
    const data = branchFeatures(rows);
    dataRef.current = data;
    const map = mapRef.current;
    const container = containerRef.current;
    if (!map || !readyRef.current || !container) return;
    void (map.getSource(BRANCH_SOURCE) as GeoJSONSource | undefined)?.setData(data as unknown as GeoJSON.FeatureCollection);
    container.dataset.alarmCount = String(alarmCount(data));
  }, [rows]);

  return <MapSurface containerRef={containerRef} failed={failed} testId="branch-map" label={t('map.label')} minHeight={120} />;
}
