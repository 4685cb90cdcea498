/**
 * The picker panel of the date-range button (loaded on first open): presets plus two community
 * DatePickers (spec §2 Shared widgets). Choosing a preset fills both dates; Apply is disabled
 * until both are set; the end's minimum is the start and the start's maximum is the end.
 */
import { useState } from 'react';
import { useTranslation } from '../i18n/translator';
import { DateTime } from 'luxon';
import { Box, Button, List, ListItemButton, ListItemText, Stack, Typography } from '@mui/material';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { DATE_FORMAT, DATE_RANGE_PRESETS, type DateRangePreset } from '@vigil/contract';
import { presetRange, type DateRange } from './presets';
import { DatePickersProvider } from './DatePickersProvider';

/** A data-testid for slot props objects (which do not accept data-* keys in their types). */
const testId = (id: string) => ({ 'data-testid': id }) as object;
const parse = (v: string): DateTime => DateTime.fromFormat(v, DATE_FORMAT);

export interface DateRangePanelProps {
  range: DateRange;
  preset: DateRangePreset;
  onApply: (range: DateRange, preset: DateRangePreset) => void;
  onCancel: () => void;
}

export default function DateRangePanel(props: DateRangePanelProps) {
  return (
    <DatePickersProvider>
      <Panel {...props} />
    </DatePickersProvider>
  );
}

function Panel({ range, preset, onApply, onCancel }: DateRangePanelProps) {
  const { t } = useTranslation();
  const [draftPreset, setDraftPreset] = useState<DateRangePreset>(preset);
  const [start, setStart] = useState<DateTime | null>(() => parse(range.start));
  const [end, setEnd] = useState<DateTime | null>(() => parse(range.end));

  const choosePreset = (p: DateRangePreset) => {
    setDraftPreset(p);
    if (p === 'custom') return;
    const r = presetRange(p, DateTime.now());
    setStart(parse(r.start));
    setEnd(parse(r.end));
  };
  const canApply = !!start?.isValid && !!end?.isValid && start <= end;
  const apply = () => {
    if (start && end && canApply) onApply({ start: start.toFormat(DATE_FORMAT), end: end.toFormat(DATE_FORMAT) }, draftPreset);
  };

  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ p: 1.5, gap: 2 }}>
      <List dense disablePadding sx={{ minWidth: 160 }} aria-label={t('dateRange.presetsLabel')}>
        {DATE_RANGE_PRESETS.map((p) => (
          <ListItemButton key={p} selected={draftPreset === p} onClick={() => choosePreset(p)} data-testid={`date-preset-${p}`}>
            <ListItemText primary={t(`dateRange.presets.${p}`)} />
          </ListItemButton>
        ))}
      </List>
      <Stack sx={{ gap: 2, minWidth: 240, pt: 1 }}>
        <Typography variant="subtitle2">{t('dateRange.title')}</Typography>
        <DatePicker
          label={t('dateRange.start')}
          value={start}
          format={DATE_FORMAT}
          maxDate={end ?? undefined}
          onChange={(v) => {
            setStart(v);
            setDraftPreset('custom');
          }}
          slotProps={{ textField: { size: 'small', ...testId('date-range-start') } }}
        />
        <DatePicker
          label={t('dateRange.end')}
          value={end}
          format={DATE_FORMAT}
          minDate={start ?? undefined}
          onChange={(v) => {
            setEnd(v);
            setDraftPreset('custom');
          }}
          slotProps={{ textField: { size: 'small', ...testId('date-range-end') } }}
        />
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1 }}>
          <Button onClick={onCancel}>{t('common.cancel')}</Button>
          <Button variant="contained" disabled={!canApply} onClick={apply} data-testid="date-range-apply">
            {t('dateRange.apply')}
          </Button>
        </Box>
      </Stack>
    </Stack>
  );
}
