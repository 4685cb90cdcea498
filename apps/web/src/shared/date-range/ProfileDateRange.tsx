/**
 * The profile date-range picker (the second catalogue of spec §2 Shared widgets, §9): a preset
 * list (Today … Last Month, Custom at index 6) and From Date / To Date pickers that only Custom
 * enables. To Date's minimum is From Date, or today when From Date is empty; both span 100 years
 * either way. With `autoApply` (the default) every complete, allowed range is emitted at once;
 * without it an Apply button emits it. Ranges are YYYY-MM-DD.
 */
import { useMemo, useState } from 'react';
import { useTranslation } from '../i18n/translator';
import { DateTime } from 'luxon';
import { Button, MenuItem, Stack, TextField } from '@mui/material';
import { PROFILE_DATE_PRESETS, type ProfileDatePreset } from '@vigil/contract';
import type { DateRange } from './presets';
import { completeRange, minToDate, profilePresetRange, spanBounds, toDateProblem, type OpenRange } from './profile-presets';

export interface ProfileDateRangeProps {
  /** The preset shown first (default Custom). */
  initialPreset?: ProfileDatePreset;
  /** The dates shown first (used by Custom). */
  initialRange: OpenRange;
  /** Called with each complete, allowed range (at once with autoApply, else on Apply). */
  onChange: (range: DateRange) => void;
  /** Emit without an Apply button (spec §9: applies automatically by default). */
  autoApply?: boolean;
  /** Prefix of the data-testid values (`<id>-preset`, `<id>-from`, `<id>-to`, `<id>-apply`, `<id>-error`). */
  testId: string;
  /** "Now" for the presets and the today rule (tests); default the current time. */
  now?: DateTime;
}

export function ProfileDateRange({
  initialPreset = 'custom',
  initialRange,
  onChange,
  autoApply = true,
  testId,
  now,
}: ProfileDateRangeProps) {
  const { t } = useTranslation();
  const today = useMemo(() => now ?? DateTime.now(), [now]);
  const [preset, setPreset] = useState<ProfileDatePreset>(initialPreset);
  const [range, setRange] = useState<OpenRange>(() => profilePresetRange(initialPreset, today, initialRange));
  const bounds = spanBounds(today);
  const problem = toDateProblem(range, today);
  const complete = completeRange(range, today);

  const update = (next: OpenRange) => {
    setRange(next);
    const r = completeRange(next, today);
    if (autoApply && r) onChange(r);
  };
  const choose = (p: ProfileDatePreset) => {
    setPreset(p);
    update(profilePresetRange(p, today, range));
  };
  const custom = preset === 'custom';

  return (
    <Stack direction="row" sx={{ gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }} data-testid={testId}>
      <TextField
        select
        size="small"
        label={t('dateRange.profile.label')}
        value={preset}
        onChange={(e) => choose(e.target.value as ProfileDatePreset)}
        sx={{ minWidth: 160 }}
        slotProps={{ htmlInput: { 'data-testid': `${testId}-preset` } }}
      >
        {PROFILE_DATE_PRESETS.map((p) => (
          <MenuItem key={p} value={p}>
            {t(`dateRange.presets.${p}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        type="date"
        size="small"
        label={t('dateRange.profile.from')}
        value={range.from}
        disabled={!custom}
        onChange={(e) => update({ ...range, from: e.target.value })}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: bounds.min, max: bounds.max, 'data-testid': `${testId}-from` } }}
      />
      <TextField
        type="date"
        size="small"
        label={t('dateRange.profile.to')}
        value={range.to}
        disabled={!custom}
        error={!!problem}
        helperText={problem ? t(`dateRange.profile.${problem}`) : undefined}
        onChange={(e) => update({ ...range, to: e.target.value })}
        slotProps={{
          inputLabel: { shrink: true },
          htmlInput: { min: minToDate(range.from, today), max: bounds.max, 'data-testid': `${testId}-to` },
          formHelperText: { 'data-testid': `${testId}-error` } as object,
        }}
      />
      {!autoApply && (
        <Button variant="outlined" disabled={!complete} onClick={() => complete && onChange(complete)} data-testid={`${testId}-apply`}>
          {t('dateRange.profile.apply')}
        </Button>
      )}
    </Stack>
  );
}
