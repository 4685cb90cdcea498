/** The branch editor of /branches?id=: details, week schedule, holidays, timers and the people who work there. */
import { useTranslation } from 'react-i18next';
import { Alert, Button, Chip, Stack, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { ZBranchDetails } from '@vigil/contract';
import { useErrorText } from '../../../shared/api/use-error-text';
import { addressValues } from '../../../shared/crud/fields';
import { OfficeTabs } from '../../../shared/crud/OfficeTabs';
import { useCanManage } from '../../../shared/organization/org-scope';
import { useBranch, useBranchEmployees, useBranchSavers } from '../api';
import { branchFields, type BranchOptions } from '../branch-form';

export default function BranchPage({ id, options, onBack }: { id: number; options: BranchOptions; onBack: () => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const q = useBranch(id);
  const employees = useBranchEmployees(id);
  const save = useBranchSavers(id);
  const canManage = useCanManage();
  const b = q.data;
  return (
    <Stack sx={{ gap: 2 }} data-testid="branch-editor">
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
        <Button startIcon={<ArrowBackIcon />} onClick={onBack}>
          {t('management.actions.back')}
        </Button>
        <Typography variant="h5" component="h1">
          {b ? `${b.Name} (${b.Code})` : t('management.titles.branch')}
        </Typography>
        {b?.TestMode && <Chip color="info" label={`${t('management.fields.testMode')}${b.TestNote ? `: ${b.TestNote}` : ''}`} />}
      </Stack>
      {q.isError && <Alert severity="error">{errorText(q.error)}</Alert>}
      {!canManage && <Alert severity="info">{t('management.readOnly')}</Alert>}
      {b && (
        <OfficeTabs
          key={b.BranchOfficeId}
          testId="branch"
          schedule={b}
          details={{
            schema: ZBranchDetails,
            fields: branchFields(t, options),
            defaultValues: {
              ...addressValues(b),
              code: b.Code,
              branchOfficeTypeId: String(b.BranchOfficeTypeId),
              regionalOfficeId: b.RegionalOfficeId ? String(b.RegionalOfficeId) : '',
              securityOfficeId: b.SecurityOfficeId ? String(b.SecurityOfficeId) : '',
              statusId: String(b.StatusId),
              timeZone: b.BranchTimeZone,
              geofenceRadius: String(b.GeofenceRadius),
              testMode: b.TestMode,
              testNote: b.TestNote ?? '',
            },
            save: save.details,
          }}
          saveSchedule={save}
          extraTabs={[
            {
              label: t('management.tabs.employees'),
              content: (
                <Stack sx={{ gap: 0.5 }} data-testid="branch-employees">
                  {(employees.data ?? []).map((e) => (
                    <Typography
                      key={e.UserId}
                    >{`${e.Name} ${e.Surname} — ${e.RoleNameDisplay} (${t(`management.status.${e.Status}`)})`}</Typography>
                  ))}
                  {employees.data?.length === 0 && <Typography color="text.secondary">{t('management.list.empty')}</Typography>}
                </Stack>
              ),
            },
          ]}
        />
      )}
    </Stack>
  );
}
