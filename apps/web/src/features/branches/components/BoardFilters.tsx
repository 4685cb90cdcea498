/** Search (name or code) and region filter of the branch board. */
import { useTranslation } from '../../../shared/i18n/translator';
import { InputAdornment, MenuItem, Stack, TextField } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import type { BoardFilter } from '../branch-board';

export interface BoardFiltersProps {
  value: BoardFilter;
  regions: string[];
  onChange: (v: BoardFilter) => void;
}

export function BoardFilters({ value, regions, onChange }: BoardFiltersProps) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" sx={{ gap: 1 }}>
      <TextField
        size="small"
        label={t('dashboard.search')}
        value={value.search}
        onChange={(e) => onChange({ ...value, search: e.target.value })}
        sx={{ width: { xs: 170, sm: 220 } }}
        slotProps={{
          htmlInput: { 'data-testid': 'branch-search' },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
      />
      <TextField
        select
        size="small"
        label={t('dashboard.region')}
        value={value.region}
        onChange={(e) => onChange({ ...value, region: e.target.value })}
        sx={{ width: { xs: 130, sm: 160 } }}
        slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'region-filter' } as Record<string, string> } }}
      >
        <MenuItem value="">{t('dashboard.allRegions')}</MenuItem>
        {regions.map((r) => (
          <MenuItem key={r} value={r}>
            {r}
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );
}
