/**
 * The branch map (MapLibre; loaded lazily — this module and maplibre-gl are their own chunk).
 * Offline basemap from world-atlas countries (no network), or the style at VITE_MAP_STYLE_URL
 * (shared/map/basemap.ts, as the coordinate picker).
 * Branches are a clustered GeoJSON source fed from the board query's rows, so every socket event
 * that recolours the board recolours the map; clusters are red when any member is in alarm.
 * The container carries data-alarm-count: alarm branches in the source after its last update.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Box } from '@mui/material';
import { Map as MapLibreMap, Popup, type GeoJSONSource, type MapLayerMouseEvent } from 'maplibre-gl';
import type { BranchOfficeRow } from '@vigil/contract';
import { basemapStyle } from '../../../shared/map/basemap';
import {
  BRANCH_SOURCE,
  CLUSTER_COLOR,
  CLUSTER_COUNT_LAYER,
  CLUSTER_LAYER,
  CLUSTER_MAX_ZOOM,
  CLUSTER_PROPERTIES,
  CLUSTER_RADIUS,
  CLUSTER_RADIUS_EXPR,
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
  if (map.getStyle().glyphs) {
    // A tile style with fonts: show the member count on clusters (the offline style has no fonts).
    map.addLayer({
      id: CLUSTER_COUNT_LAYER,
      type: 'symbol',
      source: BRANCH_SOURCE,
      filter: ['has', 'point_count'],
      layout: { 'text-field': ['get', 'point_count_abbreviated'], 'text-size': 12 },
      paint: { 'text-color': '#fff' },
    });
  }
  map.addLayer({
    id: POINT_LAYER,
    type: 'circle',
    source: BRANCH_SOURCE,
    filter: ['!', ['has', 'point_count']],
    paint: {
      'circle-color': ['get', 'color'],
      'circle-radius': ['case', ['==', ['get', 'alarm'], 1], 9, 7],
      'circle-stroke-color': '#fff',
      'circle-stroke-width': 2,
    },
  });
}

export interface BranchMapProps {
  rows: readonly BranchOfficeRow[];
  /** Status label of a branch for its popup. */
  statusLabel: (status: string) => string;
}

export default function BranchMap({ rows, statusLabel }: BranchMapProps) {
  const { t } = useTranslation();
  const containerRef = useRef<HTMLDivElement | null>(null);
  const mapRef = useRef<MapLibreMap | null>(null);
  const readyRef = useRef(false);
  const dataRef = useRef<BranchCollection>(branchFeatures(rows));
  const labelRef = useRef(statusLabel);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    labelRef.current = statusLabel;
  }, [statusLabel]);

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
        const initial = boundsOf(dataRef.current);
        map = new MapLibreMap({
          container,
          style,
          attributionControl: false,
          ...(initial ? { bounds: initial, fitBoundsOptions: { padding: 48, maxZoom: 9 } } : { center: [20, 41], zoom: 2 }),
        });
        mapRef.current = map;
        const m = map;
        m.on('error', (e) => console.warn('map', e.error));
        m.on('load', () => {
          addBranchLayers(m, dataRef.current);
          readyRef.current = true;
          container.dataset.alarmCount = String(alarmCount(dataRef.current));
          container.dataset.ready = 'true';
        });
        m.on('click', CLUSTER_LAYER, (e: MapLayerMouseEvent) => {
          const f = e.features?.[0];
          const clusterId = f?.properties?.cluster_id as number | undefined;
          if (clusterId === undefined || !f || f.geometry.type !== 'Point') return;
          const center = f.geometry.coordinates as [number, number];
          void (m.getSource(BRANCH_SOURCE) as GeoJSONSource).getClusterExpansionZoom(clusterId).then((zoom) => m.easeTo({ center, zoom }));
        });
        m.on('click', POINT_LAYER, (e: MapLayerMouseEvent) => {
          const f = e.features?.[0];
          if (!f || f.geometry.type !== 'Point') return;
          const p = f.properties as { name?: string; code?: string; status?: string };
          const el = document.createElement('div');
          const strong = document.createElement('strong');
          strong.textContent = p.name ?? '';
          el.append(strong, document.createElement('br'), `${p.code ?? ''} · ${labelRef.current(p.status ?? '')}`);
          new Popup({ closeButton: false }).setLngLat(f.geometry.coordinates as [number, number]).setDOMContent(el).addTo(m);
        });
        for (const layer of [CLUSTER_LAYER, POINT_LAYER]) {
          m.on('mouseenter', layer, () => (m.getCanvas().style.cursor = 'pointer'));
          m.on('mouseleave', layer, () => (m.getCanvas().style.cursor = ''));
        }
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
      readyRef.current = false;
      mapRef.current = null;
      map?.remove();
    };
  }, []);

  // Feed the source from the board rows (socket events recolour the board query, hence the map).
  useEffect(() => {
    const data = branchFeatures(rows);
    dataRef.current = data;
    const map = mapRef.current;
    const container = containerRef.current;
    if (!map || !readyRef.current || !container) return;
    (map.getSource(BRANCH_SOURCE) as GeoJSONSource | undefined)?.setData(data as unknown as GeoJSON.FeatureCollection);
    container.dataset.alarmCount = String(alarmCount(data));
  }, [rows]);

  if (failed) return <Alert severity="warning" data-testid="branch-map-fallback">{t('map.loadFailed')}</Alert>;
  return <Box ref={containerRef} data-testid="branch-map" aria-label={t('map.label')} role="region" sx={{ width: '100%', height: '100%', minHeight: 320, borderRadius: 1, overflow: 'hidden' }} />;
}
