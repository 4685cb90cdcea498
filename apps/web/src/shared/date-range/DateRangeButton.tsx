/**
 * The top-bar date-range picker (spec §2 Shared widgets, §9): a button showing the current range
 * (YYYY-MM-DD – YYYY-MM-DD) that opens the preset and date panel (DateRangePanel, lazy).
 */
import { Suspense, lazy, useState } from 'react';
import { useTranslation } from '../i18n/translator';
import { Button, Popover } from '@mui/material';
import DateRangeIcon from '@mui/icons-material/DateRange';
import { Loading } from '../components/Loading';
import { useDateRangeState } from './date-range-context';

const DateRangePanel = lazy(() => import('./DateRangePanel'));

export function DateRangeButton() {
  const { t } = useTranslation();
  const { range, preset, setRange } = useDateRangeState();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Button
        color="inherit"
        variant="outlined"
        size="small"
        startIcon={<DateRangeIcon />}
        onClick={(e) => setAnchor(e.currentTarget)}
        data-testid="date-range-button"
        aria-label={t('dateRange.label')}
        title={t(`dateRange.presets.${preset}`)}
        sx={{ borderColor: 'rgba(255,255,255,0.5)', whiteSpace: 'nowrap', textTransform: 'none' }}
      >
        {t('dateRange.value', { start: range.start, end: range.end })}
      </Button>
      <Popover
        open={!!anchor}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        slotProps={{ paper: { 'data-testid': 'date-range-popover' } as object }}
      >
        <Suspense fallback={<Loading />}>
          <DateRangePanel
            range={range}
            preset={preset}
            onCancel={() => setAnchor(null)}
            onApply={(r, p) => {
              setRange(r, p);
              setAnchor(null);
            }}
          />
        </Suspense>
      </Popover>
    </>
  );
}
