/**
 * The branch map (MapLibre; loaded lazily — this module and maplibre-gl are their own chunk).
 * Offline basemap from world-atlas countries with bundled country and city labels (no network),
 * or the style at VITE_MAP_STYLE_URL (shared/map/basemap.ts, as the coordinate picker).
 * Branches are a clustered GeoJSON source fed from the board query's rows, so every socket event
 * that recolours the board recolours the map. Issue 13: the map opens fitted to the bounds of all
 * the branches it is given; a cluster shows its member count in the colour of its worst status;
 * branches in alarm are drawn above the rest with a ring that pulses (DOM markers animated by the
 * browser; a still ring when the user asks for reduced motion).
 * The container carries data-alarm-count (alarm branches in the source after its last update),
 * data-bounds (the view after the last move, JSON [[west, south], [east, north]]),
 * data-branch-bounds (the bounds of the branches at the first view) and data-programs-ready (the
 * layers' WebGL programs compiled: warmUpLayerPrograms), for tests and tools.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translator';
import {
  Marker,
  Popup,
  type CircleLayerSpecification,
  type GeoJSONSource,
  type GeoJSONSourceDiff,
  type LayerSpecification,
  type Map as MapLibreMap,
  type MapLayerMouseEvent,
} from 'maplibre-gl';
import { BRANCH_STATUS_COLORS, type BranchOfficeRow } from '@vigil/contract';
import { MapSurface, useMapLibre } from '../../../shared/map/useMapLibre';
import { atOnce, frameBatch, throttledFrames, type FrameBatch } from '../../../realtime/frame-batch';
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
  emptyDiff,
  featureDiff,
  type BranchCollection,
} from './map-features';

/**
 * The branch layers over BRANCH_SOURCE, bottom to top: clusters, their member counts (when the
 * style has text), points, then alarm branches above everything else (a ring, then the point).
 */
function branchLayers(map: MapLibreMap): LayerSpecification[] {
  const layers: LayerSpecification[] = [
    {
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
    },
  ];
  const style = map.getStyle();
  if (styleHasText(style)) {
    // The member count on clusters: the bundled font offline, a tile style's own fonts otherwise.
    layers.push({
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
  layers.push(
    {
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
    },
    {
      id: PULSE_LAYER,
      type: 'circle',
      source: BRANCH_SOURCE,
      filter: ['>', ['get', 'alarm'], 0],
      paint: {
        'circle-color': 'rgba(0,0,0,0)',
        'circle-radius': ['case', ['has', 'point_count'], ['+', 4, CLUSTER_RADIUS_EXPR as unknown as number], PULSE_MIN_PX] as never,
        'circle-stroke-color': BRANCH_STATUS_COLORS.alarm,
        'circle-stroke-width': 3,
        'circle-stroke-opacity': 0.7,
      },
    },
    {
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
    },
  );
  return layers;
}

/**
 * BRANCH_SOURCE with `data` and the branch layers (branchLayers), after the warm-up of their
 * programs; `onWarm` hears when the warm-up is over (warmUpLayerPrograms).
 */
function addBranchLayers(map: MapLibreMap, data: BranchCollection, onWarm: () => void): void {
  const layers = branchLayers(map);
  // The warm-up first, so that its one point reaches the map's worker before the branches do.
  warmUpLayerPrograms(map, layers, onWarm);
  map.addSource(BRANCH_SOURCE, {
    type: 'geojson',
    data: data as unknown as GeoJSON.FeatureCollection,
    cluster: true,
    clusterRadius: CLUSTER_RADIUS,
    clusterMaxZoom: CLUSTER_MAX_ZOOM,
    clusterProperties: CLUSTER_PROPERTIES as unknown as Record<string, [unknown, unknown]>,
  });
  for (const layer of layers) map.addLayer(layer);
}

/** Source and layer id suffix of the warm-up (warmUpLayerPrograms): removed again after the first settled render. */
const WARM_UP_SOURCE = 'branch-warm-up';
const WARM_UP_SUFFIX = '-warm-up';
/** The layers whose programs are compiled at load: those that draw only single branches or alarms (none in an all-clusters first view). */
const WARM_UP_LAYERS: readonly string[] = [POINT_LAYER, PULSE_LAYER, ALARM_LAYER];
/** Opacity of the warm-up copies: not 0 (MapLibre skips drawing a circle that is fully transparent), below what 8-bit colour shows. */
const WARM_UP_OPACITY = 0.001;

/**
 * Compiles now, while the map opens, the WebGL programs of the layers that have nothing to draw
 * yet (issue 20, dashboard under live events). MapLibre compiles a layer's program the first time
 * the layer draws something, and compiling blocks the page: at 5,000 branches the first view is all
 * clusters, so the single points and the alarm ring first drew when the first alarm came in, and
 * compiling their programs was a 90 ms and a 200 ms task of the page right then (Debian Chromium's
 * software WebGL; a GPU compiles faster but still at that moment). The programs depend on which
 * paint properties are constants and which read the feature (ProgramConfiguration.cacheKey), not
 * on the values: an invisible copy of each such layer (opacity WARM_UP_OPACITY) over one alarm
 * point at the centre of the view makes MapLibre compile and keep the same programs; the copies
 * and their source go after the first settled frame that drew them, and then `onDone` is called.
 */
function warmUpLayerPrograms(map: MapLibreMap, layers: readonly LayerSpecification[], onDone: () => void): void {
  const circles = layers.filter((l): l is CircleLayerSpecification => l.type === 'circle' && WARM_UP_LAYERS.includes(l.id));
  if (circles.length === 0) return onDone();
  const [lng, lat] = map.getCenter().toArray();
  map.addSource(WARM_UP_SOURCE, {
    type: 'geojson',
    data: {
      type: 'FeatureCollection',
      features: [{ type: 'Feature', geometry: { type: 'Point', coordinates: [lng, lat] }, properties: { alarm: 1, color: '#000000' } }],
    },
  });
  const ids = circles.map((l) => `${l.id}${WARM_UP_SUFFIX}`);
  // Copies without their filters (which pick the real source's features by alarm and cluster), over the one point.
  circles.forEach(({ filter: _filter, ...layer }, i) =>
    map.addLayer({
      ...layer,
      id: ids[i]!,
      source: WARM_UP_SOURCE,
      paint: { ...layer.paint, 'circle-opacity': WARM_UP_OPACITY, 'circle-stroke-opacity': WARM_UP_OPACITY },
    }),
  );
  // Gone at the first settled frame ('idle') once their source is loaded: that frame drew them, so
  // MapLibre compiled their programs. Not at the first 'idle' alone, which can come before their
  // source's tile does (the one right after 'load').
  const warmed = () => {
    if (!map.isSourceLoaded(WARM_UP_SOURCE)) return;
    map.off('idle', warmed);
    for (const id of ids) map.removeLayer(id);
    map.removeSource(WARM_UP_SOURCE);
    onDone();
  };
  map.on('idle', warmed);
}

/** The pulse: the ring grows by PULSE_GROW_PX past the point (PULSE_MIN_PX) or cluster and fades, every PULSE_PERIOD_MS. */
const PULSE_MIN_PX = 12;
const PULSE_GROW_PX = 14;
const PULSE_PERIOD_MS = 1600;
/**
 * Pulses of a new ring (about 16 s): enough to catch the eye, then the still ring of PULSE_LAYER
 * stays; an endless animation would keep the browser compositing for the whole shift.
 */
const PULSE_CYCLES = 10;

/**
 * The pulse (issue 13: alarm branches pulse above the rest): a DOM marker with a ring animated by
 * the browser (Web Animations, no map repaint) over each alarm point and each cluster holding one,
 * placed after every settled render from the rendered features of PULSE_LAYER (a still ring, so the
 * map shows alarms even without the markers); a new ring pulses PULSE_CYCLES times, then rests. None when the user prefers reduced motion.
 * Each marker carries data-testid="alarm-pulse". Answers the stop function.
 * The markers are placed in a task of their own queued at the settled render ('idle', which MapLibre
 * fires inside the frame that drew it): the query of the rendered features walks the map's feature
 * grid, 17–20 ms with 5,000 branches, and in the frame's task it made that task 50 ms long while
 * 200 events/s arrived (issue 20: no task over 50 ms).
 */
function startPulse(map: MapLibreMap, container: HTMLElement): () => void {
  if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return () => undefined;
  const markers = new Map<string, Marker>();
  const sync = () => {
    if (!map.getLayer(PULSE_LAYER)) return;
    const seen = new Set<string>();
    for (const f of map.queryRenderedFeatures({ layers: [PULSE_LAYER] })) {
      if (f.geometry.type !== 'Point') continue;
      const p = f.properties as { cluster_id?: number; id?: number; point_count?: number };
      const key = p.cluster_id != null ? `c${p.cluster_id}` : `b${p.id}`;
      if (seen.has(key)) continue;
      seen.add(key);
      if (markers.has(key)) continue;
      const size = p.point_count != null ? 2 * (clusterRadius(p.point_count) + 4) : 2 * PULSE_MIN_PX;
      // The marker's own element carries MapLibre's positioning transform: the ring animates inside it.
      const el = document.createElement('div');
      el.dataset.testid = 'alarm-pulse';
      el.style.cssText = `width:${size}px;height:${size}px;pointer-events:none`;
      const ring = document.createElement('div');
      ring.style.cssText = `width:100%;height:100%;border-radius:50%;border:3px solid ${BRANCH_STATUS_COLORS.alarm};box-sizing:border-box`;
      el.append(ring);
      ring.animate(
        [
          { transform: 'scale(1)', opacity: 0.8 },
          { transform: `scale(${(size + 2 * PULSE_GROW_PX) / size})`, opacity: 0 },
        ],
        { duration: PULSE_PERIOD_MS, iterations: PULSE_CYCLES, easing: 'ease-out' },
      );
      markers.set(key, new Marker({ element: el }).setLngLat(f.geometry.coordinates as [number, number]).addTo(map));
    }
    for (const [key, marker] of markers)
      if (!seen.has(key)) {
        marker.remove();
        markers.delete(key);
      }
    container.dataset.pulseCount = String(markers.size);
  };
  let queued: ReturnType<typeof setTimeout> | null = null;
  const settled = () => {
    if (queued !== null) return;
    queued = setTimeout(() => {
      queued = null;
      sync();
    }, 0);
  };
  map.on('idle', settled);
  return () => {
    map.off('idle', settled);
    if (queued !== null) clearTimeout(queued);
    for (const marker of markers.values()) marker.remove();
    markers.clear();
  };
}

/** The radius (px) CLUSTER_RADIUS_EXPR gives a cluster of `count` members. */
function clusterRadius(count: number): number {
  const [, , first, ...steps] = CLUSTER_RADIUS_EXPR as readonly unknown[];
  let r = first as number;
  for (let i = 0; i + 1 < steps.length; i += 2) if (count >= (steps[i] as number)) r = steps[i + 1] as number;
  return r;
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

/**
 * Fewest milliseconds between two updates of the map's branches during a burst of events. Each
 * update makes MapLibre's worker cluster all the branches again: at 5,000 branches and 200 events/s
 * (ten board updates a second) that worker used 3.3 s of CPU in 23 s of load, beside 4.5 s of the
 * page's main thread, on a machine of two cores; two updates a second, 0.9-1.0 s (issue 20). A
 * lone change still goes at once, and the board, the alarm list and the pop-ups follow every
 * event as it comes.
 */
export const MAP_UPDATE_INTERVAL_MS = 500;

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
  // The first collection, made once (an argument of useRef would be computed on every render).
  const [initialData] = useState(() => branchFeatures(rows));
  const dataRef = useRef<BranchCollection>(initialData);
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
        addBranchLayers(m, dataRef.current, () => (container.dataset.programsReady = 'true'));
        readyRef.current = true;
        container.dataset.alarmCount = String(alarmCount(dataRef.current));
        showView();
        container.dataset.ready = 'true';
        stopPulse = startPulse(m, container);
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

  // Feed the source from the board rows (socket events recolour the board query, hence the map):
  // only the changed branches go to the source's worker (updateData), the whole collection when
  // many changed (setData), so an event does not serialise 5,000 features on the main thread. A
  // change after a quiet moment goes at once; during a burst the source takes the rows at most
  // every MAP_UPDATE_INTERVAL_MS (the latest rows of the batch), as the worker clusters every
  // branch again at each update (see MAP_UPDATE_INTERVAL_MS).
  const updatesRef = useRef<FrameBatch<readonly BranchOfficeRow[]> | null>(null);
  useEffect(() => {
    const updates = frameBatch<readonly BranchOfficeRow[]>(
      (batch) => {
        const prev = dataRef.current;
        const data = branchFeatures(batch[batch.length - 1]!);
        dataRef.current = data;
        const map = mapRef.current;
        const container = containerRef.current;
        if (!map || !readyRef.current || !container) return;
        const source = map.getSource(BRANCH_SOURCE) as GeoJSONSource | undefined;
        if (!source) return;
        const diff = featureDiff(prev, data);
        if (!diff) void source.setData(data as unknown as GeoJSON.FeatureCollection);
        else if (!emptyDiff(diff)) void source.updateData(diff as unknown as GeoJSONSourceDiff);
        container.dataset.alarmCount = String(alarmCount(data));
      },
      throttledFrames(MAP_UPDATE_INTERVAL_MS, atOnce),
    );
    updatesRef.current = updates;
    return () => {
      updates.cancel();
      updatesRef.current = null;
    };
  }, []);
  useEffect(() => {
    // Not drawn yet: the map's first collection (map 'load') is the latest rows.
    if (!mapRef.current || !readyRef.current) dataRef.current = branchFeatures(rows);
    else updatesRef.current?.push(rows);
  }, [rows]);

  return <MapSurface containerRef={containerRef} failed={failed} testId="branch-map" label={t('map.label')} minHeight={120} />;
}
