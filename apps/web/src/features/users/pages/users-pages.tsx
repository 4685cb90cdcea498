/**
 * Page group "users" (lazy): the employees list (getallemployees: filters, search, server-side
 * paging, CSV) and the employee page (getemployee). Adding and editing employees (manageemployees)
 * and the CSV import are not built yet.
 */
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { Alert, Button, Paper, Stack, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { formatInZone, formatPhoneInternational, ROLES, type EmployeeRow } from '@vigil/contract';
import { useErrorText } from '../../../shared/api/use-error-text';
import { useCall } from '../../../shared/crud/api';
import { EntityList, type Column } from '../../../shared/crud/EntityList';
import { statusOptions } from '../../management/fields';
import { useOrgBody } from '../../management/pages/management-pages';

/** Columns of an employee list (client and admin). */
export function employeeColumns(t: (k: string) => string): Column<EmployeeRow>[] {
  return [
    { key: 'name', label: t('management.fields.fullName'), render: (r) => `${r.Name} ${r.Surname}` },
    { key: 'email', label: t('management.fields.email'), render: (r) => r.Email },
    { key: 'phone', label: t('management.fields.phoneNumber'), render: (r) => formatPhoneInternational(r.PhoneNumber) },
    { key: 'role', label: t('management.fields.role'), render: (r) => r.RoleNameDisplay },
    { key: 'org', label: t('management.fields.organization'), render: (r) => r.OrganizationName ?? '' },
    { key: 'works', label: t('management.fields.worksIn'), render: (r) => r.WorksIn.map((w) => w.BranchOfficeName ?? w.RegionalOfficeName ?? w.SecurityOfficeName).join(', ') },
    { key: 'status', label: t('management.fields.status'), render: (r) => t(`management.status.${r.Status}`) },
    { key: 'lastLogin', label: t('management.fields.lastLogin'), render: (r) => (r.LastLogin ? formatInZone(r.LastLogin, r.OfficeTimeZone) : '') },
  ];
}

/** Role filter options (every role but the platform admin). */
export const roleOptions = () => ROLES.filter((r) => r.Id !== 1).map((r) => ({ value: r.Id, label: r.RoleNameDisplay }));

function EmployeesPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { body: orgBody, ready } = useOrgBody();
  return (
    <EntityList<EmployeeRow>
      testId="employees"
      title={t('management.titles.employees')}
      path="/api/client/getallemployees"
      baseBody={{ case: 'GET-ALL-EMPLOYEES', ...orgBody }}
      enabled={ready}
      pick={(b) => ({ rows: b.personobject as EmployeeRow[], total: b.total as number })}
      rowKey={(r) => r.UserId}
      onRowClick={(r) => void navigate(`/employees/${r.UserId}`)}
      csvName="employees.csv"
      filters={[
        { name: 'roleId', label: t('management.fields.role'), options: roleOptions() },
        { name: 'statusId', label: t('management.fields.status'), options: statusOptions(t) },
      ]}
      columns={employeeColumns(t)}
    />
  );
}

function EmployeePage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const { id } = useParams();
  const q = useCall('/api/client/getemployee', { case: 'GET-EMPLOYEE-BY-ID', employeeId: Number(id) }, (b) => b.personobject as EmployeeRow, Number(id) > 0);
  const e = q.data;
  return (
    <Stack sx={{ gap: 2 }} data-testid="employee">
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
        <Button startIcon={<ArrowBackIcon />} onClick={() => void navigate('/employees')}>{t('management.actions.back')}</Button>
        <Typography variant="h5" component="h1">{e ? `${e.Name} ${e.Surname}` : t('management.titles.employee')}</Typography>
      </Stack>
      {q.isError && <Alert severity="error">{errorText(q.error)}</Alert>}
      {e && (
        <Paper variant="outlined" sx={{ p: 2 }}>
          {employeeColumns(t).map((c) => (
            <Stack key={c.key} direction="row" sx={{ gap: 2, py: 0.5 }}>
              <Typography sx={{ width: 180 }} color="text.secondary">{c.label}</Typography>
              <Typography component="div">{c.render(e)}</Typography>
            </Stack>
          ))}
        </Paper>
      )}
    </Stack>
  );
}

export const pages = {
  employees: EmployeesPage,
  employee: EmployeePage,
};
