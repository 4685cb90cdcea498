/** The region editor of /regions?id=: details, week schedule, holidays and timers. */
import { useTranslation } from '../../../shared/i18n/translator';
import { Alert, Button, Stack, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { ZRegionalDetails } from '@vigil/contract';
import { useErrorText } from '../../../shared/api/use-error-text';
import type { FieldDef } from '../../../shared/crud/EntityForm';
import { addressValues } from '../../../shared/crud/fields';
import { OfficeTabs } from '../../../shared/crud/OfficeTabs';
import { useRegion, useRegionSavers } from '../api';

export default function RegionPage({ id, fields, onBack }: { id: number; fields: FieldDef[]; onBack: () => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const q = useRegion(id);
  const save = useRegionSavers(id);
  const r = q.data;
  return (
    <Stack sx={{ gap: 2 }} data-testid="region-editor">
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
        <Button startIcon={<ArrowBackIcon />} onClick={onBack}>
          {t('management.actions.back')}
        </Button>
        <Typography variant="h5" component="h1">
          {r ? `${r.Name} (${r.Code})` : t('management.titles.region')}
        </Typography>
      </Stack>
      {q.isError && <Alert severity="error">{errorText(q.error)}</Alert>}
      {r && (
        <OfficeTabs
          key={r.Id}
          testId="region"
          schedule={r}
          details={{
            schema: ZRegionalDetails,
            fields,
            defaultValues: { ...addressValues(r), code: r.Code, statusId: String(r.StatusId), timeZone: r.TimeZone },
            save: save.details,
          }}
          saveSchedule={save}
        />
      )}
    </Stack>
  );
}
