/**
 * The branch map (MapLibre; loaded lazily — this module and maplibre-gl are their own chunk).
 * Offline basemap from world-atlas countries (no network), or the style at VITE_MAP_STYLE_URL
 * (shared/map/basemap.ts, as the coordinate picker).
 * Branches are a clustered GeoJSON source fed from the board query's rows, so every socket event
 * that recolours the board recolours the map; clusters are red when any member is in alarm.
 * The container carries data-alarm-count: alarm branches in the source after its last update.
 */
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Popup, type GeoJSONSource, type Map as MapLibreMap, type MapLayerMouseEvent } from 'maplibre-gl';
import type { BranchOfficeRow } from '@vigil/contract';
import { MapSurface, useMapLibre } from '../../../shared/map/useMapLibre';
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
      return initial ? { bounds: initial, fitBoundsOptions: { padding: 48, maxZoom: 9 } } : { center: [20, 41], zoom: 2 };
    },
    init: (m, container) => {
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
        new Popup({ closeButton: false })
          .setLngLat(f.geometry.coordinates as [number, number])
          .setDOMContent(el)
          .addTo(m);
      });
      for (const layer of [CLUSTER_LAYER, POINT_LAYER]) {
        m.on('mouseenter', layer, () => (m.getCanvas().style.cursor = 'pointer'));
        m.on('mouseleave', layer, () => (m.getCanvas().style.cursor = ''));
      }
      return () => {
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

  return <MapSurface containerRef={containerRef} failed={failed} testId="branch-map" label={t('map.label')} minHeight={320} />;
}
