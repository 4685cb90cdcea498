/**
 * The platform admin's employee dialog (spec §2 /admin/employees; issue 19): for any organisation's
 * user, resend the activation (Pending), send a temporary password (Active), activate / deactivate
 * (admin managerolestatus) and edit the data and role (admin manageemployees UPDATE-EMPLOYEE).
 * WorksIn keeps the user's current places (the admin has no per-organisation office lookups; the
 * organisation's admin assigns new ones).
 */
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translator';
import { Alert, Button, Dialog, DialogContent, DialogTitle, Stack, Typography } from '@mui/material';
import { StatusId, ZEmployeeDetails, type EmployeeRow } from '@vigil/contract';
import { useErrorText } from '../../../shared/api/use-error-text';
import { EntityForm } from '../../../shared/crud/EntityForm';
import { useAdminEmployeeWrites } from '../api';
import { employeeFields, employeeValues, type WorksInOptions } from '../employee-form';

/** The user's current WorksIn places as the options of the edit form. */
export function currentWorksIn(e: EmployeeRow): WorksInOptions {
  const opts = (
    id: 'RegionalOfficeId' | 'BranchOfficeId' | 'SecurityOfficeId',
    name: 'RegionalOfficeName' | 'BranchOfficeName' | 'SecurityOfficeName',
  ) => e.WorksIn.filter((w) => w[id] != null).map((w) => ({ value: w[id]!, label: w[name] ?? String(w[id]) }));
  return {
    regions: opts('RegionalOfficeId', 'RegionalOfficeName'),
    branches: opts('BranchOfficeId', 'BranchOfficeName'),
    securityOffices: opts('SecurityOfficeId', 'SecurityOfficeName'),
  };
}

export function AdminEmployeeDialog({ employee: e, onClose }: { employee: EmployeeRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const w = useAdminEmployeeWrites();
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const [current, setCurrent] = useState<EmployeeRow | null>(null);
  const shown = current && e && current.UserId === e.UserId ? current : e;
  /** Runs a change; its failure shows the server's refusal or §8 'Error updating employee'. */
  const act = async (fn: () => Promise<unknown>, okText: string) => {
    setNotice(null);
    try {
      const r = await fn();
      if (r && typeof r === 'object' && 'UserId' in r) setCurrent(r as EmployeeRow);
      setNotice({ ok: true, text: okText });
    } catch (err) {
      setNotice({ ok: false, text: errorText(err, 'errors.updatingEmployee') });
    }
  };
  const close = () => {
    setNotice(null);
    setCurrent(null);
    onClose();
  };
  return (
    <Dialog open={!!shown} onClose={close} maxWidth="md" fullWidth data-testid="admin-employee-dialog">
      {shown && (
        <>
          <DialogTitle>
            {shown.Name} {shown.Surname}
            <Typography component="span" color="text.secondary" sx={{ ml: 1 }}>
              {shown.OrganizationName ?? ''} · {t(`management.status.${shown.Status}`)}
            </Typography>
          </DialogTitle>
          <DialogContent>
            <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', mb: 2 }}>
              {shown.StatusId === StatusId.Pending && (
                <Button
                  variant="outlined"
                  data-testid="admin-employee-resend"
                  onClick={() => void act(() => w.resend.mutateAsync(shown.UserId), t('management.employee.activationSent'))}
                >
                  {t('management.employee.resendActivation')}
                </Button>
              )}
              {shown.StatusId === StatusId.Active && (
                <Button
                  variant="outlined"
                  data-testid="admin-employee-temporary"
                  onClick={() =>
                    void act(() => w.temporaryPassword.mutateAsync(shown.UserId), t('management.adminEmployees.temporaryPasswordSent'))
                  }
                >
                  {t('management.adminEmployees.temporaryPassword')}
                </Button>
              )}
              {shown.StatusId !== StatusId.Pending && (
                <Button
                  variant="outlined"
                  data-testid="admin-employee-status"
                  onClick={() =>
                    void act(
                      () =>
                        w.roleStatus.mutateAsync({
                          employeeId: shown.UserId,
                          statusId: shown.StatusId === StatusId.Active ? StatusId.Inactive : StatusId.Active,
                        }),
                      t('management.messages.employeeSaved'),
                    )
                  }
                >
                  {t(shown.StatusId === StatusId.Active ? 'management.employee.deactivate' : 'management.employee.activate')}
                </Button>
              )}
            </Stack>
            {notice && (
              <Alert severity={notice.ok ? 'success' : 'error'} data-testid="admin-employee-notice" sx={{ mb: 2 }}>
                {notice.text}
              </Alert>
            )}
            <EntityForm
              key={`${shown.UserId}-${shown.Email}-${shown.StatusId}-${shown.RoleId}`}
              testId="admin-employee-edit"
              schema={ZEmployeeDetails}
              defaultValues={employeeValues(shown)}
              fields={employeeFields(t, currentWorksIn(shown), false)}
              onSubmit={async (v) => {
                setNotice(null);
                setCurrent(await w.update.mutateAsync({ case: 'UPDATE-EMPLOYEE', version: 'new', employeeId: shown.UserId, ...v }));
                setNotice({ ok: true, text: t('management.messages.employeeSaved') });
              }}
              onCancel={close}
              saveErrorKey="errors.updatingEmployee"
            />
          </DialogContent>
        </>
      )}
    </Dialog>
  );
}
