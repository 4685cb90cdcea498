/**
 * /employees/:id (spec §2 Main area): one employee (getemployee) with the edit form (UPDATE-EMPLOYEE),
 * resend activation for a Pending user and activate / deactivate (managerolestatus).
 */
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translator';
import { useNavigate, useParams } from 'react-router';
import { Alert, Button, Paper, Stack, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { StatusId, ZEmployeeDetails } from '@vigil/contract';
import { useErrorText } from '../../../shared/api/use-error-text';
import { EntityForm } from '../../../shared/crud/EntityForm';
import { useCanManage, useOrgScope } from '../../../shared/organization/org-scope';
import { useEmployee, useResendActivation, useSetRoleStatus, useUpdateEmployee } from '../api';
import { employeeColumns } from '../columns';
import { employeeFields, employeeValues } from '../employee-form';
import { useWorksInOptions } from '../use-works-in-options';

export default function EmployeePage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const { id } = useParams();
  const q = useEmployee(Number(id));
  const e = q.data;
  const canManage = useCanManage();
  const { scope, ready } = useOrgScope();
  const options = useWorksInOptions(scope, ready && canManage);
  const update = useUpdateEmployee();
  const resend = useResendActivation();
  const roleStatus = useSetRoleStatus();
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  /** Runs a change; its failure shows the server's refusal or §8 'Error updating employee'. */
  const act = async (fn: () => Promise<unknown>, okText: string) => {
    setNotice(null);
    try {
      await fn();
      setNotice({ ok: true, text: okText });
    } catch (err) {
      setNotice({ ok: false, text: errorText(err, 'errors.updatingEmployee') });
    }
  };
  return (
    <Stack sx={{ gap: 2 }} data-testid="employee">
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
        <Button startIcon={<ArrowBackIcon />} onClick={() => void navigate('/employees')}>
          {t('management.actions.back')}
        </Button>
        <Typography variant="h5" component="h1">
          {e ? `${e.Name} ${e.Surname}` : t('management.titles.employee')}
        </Typography>
      </Stack>
      {q.isError && <Alert severity="error">{errorText(q.error, 'errors.retrievingUser')}</Alert>}
      {e && (
        <Paper variant="outlined" sx={{ p: 2 }}>
          {employeeColumns(t).map((c) => (
            <Stack key={c.key} direction="row" sx={{ gap: 2, py: 0.5 }}>
              <Typography sx={{ width: 180 }} color="text.secondary">
                {c.label}
              </Typography>
              <Typography component="div">{c.render(e)}</Typography>
            </Stack>
          ))}
        </Paper>
      )}
      {e && canManage && (
        <Stack direction="row" sx={{ gap: 1 }}>
          {e.StatusId === StatusId.Pending && (
            <Button
              variant="outlined"
              data-testid="employee-resend"
              onClick={() => void act(() => resend.mutateAsync(e.UserId), t('management.employee.activationSent'))}
            >
              {t('management.employee.resendActivation')}
            </Button>
          )}
          {e.StatusId !== StatusId.Pending && (
            <Button
              variant="outlined"
              data-testid="employee-status"
              onClick={() =>
                void act(
                  () =>
                    roleStatus.mutateAsync({
                      employeeId: e.UserId,
                      statusId: e.StatusId === StatusId.Active ? StatusId.Inactive : StatusId.Active,
                    }),
                  t('management.messages.employeeSaved'),
                )
              }
            >
              {t(e.StatusId === StatusId.Active ? 'management.employee.deactivate' : 'management.employee.activate')}
            </Button>
          )}
        </Stack>
      )}
      {notice && (
        <Alert severity={notice.ok ? 'success' : 'error'} data-testid="employee-notice">
          {notice.text}
        </Alert>
      )}
      {e && canManage && (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
            {t('management.employee.edit')}
          </Typography>
          <EntityForm
            key={`${e.UserId}-${e.Email}-${e.StatusId}`}
            testId="employee-edit"
            schema={ZEmployeeDetails}
            defaultValues={employeeValues(e)}
            fields={employeeFields(t, options, false)}
            onSubmit={(v) => update.mutateAsync({ case: 'UPDATE-EMPLOYEE', version: 'new', employeeId: e.UserId, ...v })}
            saveErrorKey="errors.updatingEmployee"
          />
        </Paper>
      )}
    </Stack>
  );
}
