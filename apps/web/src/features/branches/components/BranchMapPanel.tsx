/**
 * The map panel of the dashboard: loads the MapLibre chunk only when first shown, shows a
 * translated message instead of the map when WebGL is unavailable or the chunk fails, and a
 * legend of the §2 colours. The map fills the height its parent gives it (a resizable panel).
 */
import { Suspense, lazy, useCallback, useMemo } from 'react';
import { useTranslation } from '../../../shared/i18n/translator';
import { Alert, Box, Stack, Typography } from '@mui/material';
import type { BranchOfficeRow } from '@vigil/contract';
import { Loading } from '../../../shared/components/Loading';
import { BRANCH_STATUSES } from '../branch-board';
import { canUseWebgl } from '../../../shared/map/basemap-style';
import { MapBoundary } from '../../../shared/map/MapBoundary';
import { rowOnMap } from '../map/map-features';
import { StatusDot } from './StatusDot';

const BranchMap = lazy(() => import('../map/BranchMap'));

export function BranchMapPanel({ rows }: { rows: BranchOfficeRow[] }) {
  const { t } = useTranslation();
  const statusLabel = useCallback((s: string) => t(`branchStatus.${s}`), [t]);
  const missing = useMemo(() => rows.filter((r) => !rowOnMap(r)).length, [rows]);
  const failed = (
    <Alert severity="warning" data-testid="branch-map-fallback">
      {t('map.loadFailed')}
    </Alert>
  );
  return (
    <Stack sx={{ gap: 0.5, height: '100%', minHeight: 0 }}>
      <Box sx={{ flex: '1 1 auto', minHeight: 120, position: 'relative' }}>
        {canUseWebgl() ? (
          <MapBoundary fallback={failed}>
            <Suspense fallback={<Loading />}>
              <BranchMap rows={rows} statusLabel={statusLabel} />
            </Suspense>
          </MapBoundary>
        ) : (
          <Alert severity="info" data-testid="branch-map-fallback">
            {t('map.noWebgl')}
          </Alert>
        )}
      </Box>
      <Stack direction="row" sx={{ gap: 1.5, flexWrap: 'wrap', alignItems: 'center', flexShrink: 0 }} aria-label={t('map.legend')}>
        {BRANCH_STATUSES.map((s) => (
          <Stack key={s} direction="row" sx={{ gap: 0.5, alignItems: 'center' }}>
            <StatusDot status={s} />
            <Typography variant="caption">{t(`branchStatus.${s}`)}</Typography>
          </Stack>
        ))}
        {missing > 0 && (
          <Typography variant="caption" color="text.secondary" data-testid="branch-map-missing">
            {t('map.noLocation', { count: missing })}
          </Typography>
        )}
      </Stack>
    </Stack>
  );
}
