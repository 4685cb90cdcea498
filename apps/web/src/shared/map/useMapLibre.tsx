/**
 * The life of one MapLibre map inside a component, shared by every map of the console (branch map,
 * coordinate picker, points map; import it only from lazily loaded modules: maplibre-gl is its own
 * chunk): the basemap style is loaded (shared/map/basemap.ts), the map is made once in the
 * container, follows the container's size, logs its errors and is removed on unmount; when the
 * style or the map cannot be made, `failed` says why and MapSurface shows "map could not be
 * loaded" instead, or the "no WebGL" message when MapLibre could make no WebGL2 context.
 */
import { useEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from '../i18n/translator';
import { Alert, Box } from '@mui/material';
import { GPUInitializationError, Map as MapLibreMap, type MapOptions } from 'maplibre-gl';
import { basemapStyle } from './basemap';

export interface MapLibreSetup {
  /** Options of the new map besides container and style (its first view, interaction); read once, when it is made. */
  options: () => Omit<MapOptions, 'container' | 'style'>;
  /** The map was made (its style may still be loading): add handlers and controls here. May return a clean-up, run before the map is removed. */
  init: (map: MapLibreMap, container: HTMLDivElement) => void | (() => void);
}

/** Why a map is not shown: false (it is), 'webgl' (no WebGL context could be made), 'load' (the style or the map failed). */
export type MapFailure = false | 'webgl' | 'load';

/**
 * Makes the map once, on mount, in `containerRef`'s element (give it to MapSurface) with the first
 * `setup` (its callbacks should read refs for anything that changes later); `mapRef` holds the
 * map while it exists. Answers why the map could not be made (MapFailure), false while it could.
 */
export function useMapLibre(
  containerRef: RefObject<HTMLDivElement | null>,
  mapRef: RefObject<MapLibreMap | null>,
  setup: MapLibreSetup,
): MapFailure {
  const setupRef = useRef(setup);
  const [failed, setFailed] = useState<MapFailure>(false);

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const { options, init } = setupRef.current;
    let cancelled = false;
    let map: MapLibreMap | null = null;
    let observer: ResizeObserver | null = null;
    let cleanup: void | (() => void);
    basemapStyle()
      .then((style) => {
        if (cancelled) return;
        const m = new MapLibreMap({ attributionControl: false, ...options(), container, style });
        map = m;
        mapRef.current = m;
        m.on('error', (e) => console.warn('map', e.error));
        cleanup = init(m, container);
        observer = new ResizeObserver(() => m.resize());
        observer.observe(container);
      })
      .catch((e: unknown) => {
        console.error('map failed', e);
        if (!cancelled) setFailed(e instanceof GPUInitializationError ? 'webgl' : 'load');
      });
    return () => {
      cancelled = true;
      observer?.disconnect();
      cleanup?.();
      mapRef.current = null;
      delete container.dataset.ready;
      map?.remove();
    };
  }, [containerRef, mapRef]);

  return failed;
}

export interface MapSurfaceProps {
  /** useMapLibre's containerRef and failed. */
  containerRef: RefObject<HTMLDivElement | null>;
  failed: MapFailure;
  /** data-testid of the container; `${testId}-fallback` on the failure message. */
  testId: string;
  /** Accessible name of the map region. */
  label: string;
  minHeight?: number;
}

/** The container of a useMapLibre map, or the failure message. */
export function MapSurface({ containerRef, failed, testId, label, minHeight }: MapSurfaceProps) {
  const { t } = useTranslation();
  if (failed)
    return (
      <Alert severity={failed === 'webgl' ? 'info' : 'warning'} data-testid={`${testId}-fallback`}>
        {t(failed === 'webgl' ? 'map.noWebgl' : 'map.loadFailed')}
      </Alert>
    );
  return (
    <Box
      ref={containerRef}
      data-testid={testId}
      aria-label={label}
      role="region"
      sx={{ width: '100%', height: '100%', minHeight, borderRadius: 1, overflow: 'hidden' }}
    />
  );
}
