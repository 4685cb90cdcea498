/**
 * The branch editor of /branches?id=: details, week schedule, holidays, timers, the people who work
 * there, and its task lists (spec §3 ChecklistTemplatesData, LastTask).
 */
import { useTranslation } from '../../../shared/i18n/translator';
import { Alert, Button, Chip, Stack, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { ZBranchDetails, formatDuration } from '@vigil/contract';
import { useErrorText } from '../../../shared/api/use-error-text';
import { addressValues } from '../../../shared/crud/fields';
import { OfficeTabs } from '../../../shared/crud/OfficeTabs';
import { useCanManage } from '../../../shared/organization/org-scope';
import { useBranch, useBranchEmployees, useBranchSavers } from '../api';
import { branchFields, type BranchOptions } from '../branch-form';
import { BranchActivities } from '../components/BranchActivities';

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
      {q.isError && <Alert severity="error">{errorText(q.error, 'errors.retrievingBranchOffices')}</Alert>}
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
          saveErrorKeys={{
            details: 'errors.updatingBranchDetails',
            week: 'errors.updatingBranchSchedule',
            holidays: 'errors.updatingBranchHolidays',
            timers: 'errors.updatingBranchTimers',
          }}
          extraTabs={[
            { label: t('branchActivities.title'), content: <BranchActivities branchId={b.BranchOfficeId} timeZone={b.BranchTimeZone} /> },
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
            {
              label: t('taskLists.title'),
              content: (
                <Stack sx={{ gap: 1 }} data-testid="branch-task-lists">
                  {b.ChecklistTemplatesData.map((x) => (
                    <Typography key={x.TemplateAutoId}>
                      {`${x.name} — ${t(`taskLists.types.${x.TaskingType}`)} · ${x.Items} · ${formatDuration(x.ExpectedSeconds)}`}
                    </Typography>
                  ))}
                  {b.ChecklistTemplatesData.length === 0 && (
                    <Typography color="text.secondary">{t('taskLists.fields.notAssigned')}</Typography>
                  )}
                  {b.LastTask && (
                    <Typography data-testid="branch-last-task">
                      {`${t('taskLists.fields.lastTask')}: ${b.LastTask.TemplateName} — ${t(`taskLists.statuses.${b.LastTask.Status}`)} · ${t(
                        'taskLists.board.progress',
                        { done: b.LastTask.Done, total: b.LastTask.Total },
                      )} · ${b.LastTask.StartedAtUTC ? new Date(b.LastTask.StartedAtUTC).toLocaleString() : ''}`}
                    </Typography>
                  )}
                </Stack>
              ),
            },
          ]}
        />
      )}
    </Stack>
  );
}
