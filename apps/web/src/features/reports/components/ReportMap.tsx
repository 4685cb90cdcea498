/**
 * The small map of a report's details (issue 6: an activity's location, a timer's pings): the
 * shared read-only points map (shared/map/PointsMap.tsx, its own lazily loaded chunk), with a
 * legend of the first and last points when there are several. The coordinates stay written
 * beside it as text; without WebGL a note says why there is no map, and a map that fails to load
 * shows "The map could not be loaded." (MapBoundary).
 */
import { Suspense, lazy } from 'react';
import { useTranslation } from '../../../shared/i18n/translator';
import { Alert, Box, Stack, Typography } from '@mui/material';
import { Loading } from '../../../shared/components/Loading';
import { canUseWebgl } from '../../../shared/map/basemap-style';
import { MapBoundary } from '../../../shared/map/MapBoundary';
import { POINT_COLORS, type MapPoint } from '../../../shared/map/points';

const PointsMap = lazy(() => import('../../../shared/map/PointsMap'));

export interface ReportMapProps {
  /** Usable points, in order (none: nothing is shown). */
  points: readonly MapPoint[];
  /** A line through the points in their order (a timer's path). */
  line?: boolean;
  /** data-testid of the map container (`${testId}-fallback` on the message shown instead). */
  testId: string;
  /** Accessible name of the map. */
  label: string;
  /** Height of the map, px. */
  height?: number;
  /** Legend texts of the first and last points (default: first and last ping). */
  legend?: { first: string; last: string };
}

function LegendItem({ color, text }: { color: string; text: string }) {
  return (
    <Stack direction="row" sx={{ gap: 0.5, alignItems: 'center' }}>
      <Box sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: color, flexShrink: 0 }} />
      <Typography variant="caption">{text}</Typography>
    </Stack>
  );
}

export function ReportMap({ points, line = false, testId, label, height = 220, legend }: ReportMapProps) {
  const { t } = useTranslation();
  if (points.length === 0) return null;
  if (!canUseWebgl()) {
    return (
      <Typography variant="caption" color="text.secondary" component="div" data-testid={`${testId}-fallback`}>
        {t('reports.map.noWebgl')}
      </Typography>
    );
  }
  const failed = (
    <Alert severity="warning" data-testid={`${testId}-fallback`}>
      {t('map.loadFailed')}
    </Alert>
  );
  return (
    <Stack sx={{ gap: 0.5, my: 1, width: '100%' }}>
      <MapBoundary fallback={failed}>
        <Box sx={{ height, position: 'relative', border: 1, borderColor: 'divider', borderRadius: 1 }}>
          <Suspense fallback={<Loading />}>
            <PointsMap points={points} line={line} testId={testId} label={label} />
          </Suspense>
        </Box>
      </MapBoundary>
      {points.length > 1 && (
        <Stack direction="row" sx={{ gap: 2, flexWrap: 'wrap' }} data-testid={`${testId}-legend`}>
          <LegendItem color={POINT_COLORS.first} text={legend?.first ?? t('reports.map.start')} />
          <LegendItem color={POINT_COLORS.last} text={legend?.last ?? t('reports.map.last')} />
        </Stack>
      )}
    </Stack>
  );
}
