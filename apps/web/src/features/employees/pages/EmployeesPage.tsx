/**
 * Page group "users" (lazy): the employees list (getallemployees: filters, search, server-side
 * paging, CSV), adding employees and the CSV import, and the employee page (getemployee) with the
 * edit form (manageemployees UPDATE-EMPLOYEE), resend activation and status changes
 * (managerolestatus). Forms use the generic scaffold with the contract's ZEmployeeDetails.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { FieldValues } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import {
  formatInZone,
  formatPhoneInternational,
  ORGANIZATION_ROLES,
  ROLES,
  ZEmployeeDetails,
  type EmployeeRow,
  type ImportResult,
  type OfficeRow,
  type SecurityOfficeRow,
} from '@vigil/contract';
import { useErrorText } from '../../../shared/api/use-error-text';
import { useCall, useSave } from '../../../shared/crud/api';
import { EntityForm, EntityFormDialog, type FieldDef } from '../../../shared/crud/EntityForm';
import { EntityList, type Column } from '../../../shared/crud/EntityList';
import { statusOptions } from '../../../shared/crud/fields';
import { useCanManage, useOrgBody } from '../../branches/pages/BranchesPage';

/** Columns of an employee list (client and admin). */
export function employeeColumns(t: (k: string) => string): Column<EmployeeRow>[] {
  return [
    { key: 'name', label: t('management.fields.fullName'), render: (r) => `${r.Name} ${r.Surname}` },
    { key: 'email', label: t('management.fields.email'), render: (r) => r.Email },
    { key: 'phone', label: t('management.fields.phoneNumber'), render: (r) => formatPhoneInternational(r.PhoneNumber) },
    { key: 'role', label: t('management.fields.role'), render: (r) => r.RoleNameDisplay },
    { key: 'org', label: t('management.fields.organization'), render: (r) => r.OrganizationName ?? '' },
    {
      key: 'works',
      label: t('management.fields.worksIn'),
      render: (r) => r.WorksIn.map((w) => w.BranchOfficeName ?? w.RegionalOfficeName ?? w.SecurityOfficeName).join(', '),
    },
    { key: 'status', label: t('management.fields.status'), render: (r) => t(`management.status.${r.Status}`) },
    {
      key: 'lastLogin',
      label: t('management.fields.lastLogin'),
      render: (r) => (r.LastLogin ? formatInZone(r.LastLogin, r.OfficeTimeZone) : ''),
    },
  ];
}

/** Role filter options (every role but the platform admin). */
export const roleOptions = () => ROLES.filter((r) => r.Id !== 1).map((r) => ({ value: r.Id, label: r.RoleNameDisplay }));

/** Regions, locations and security offices of the organisation, for the WorksIn selects. */
function useWorksInOptions(orgBody: Record<string, unknown>, enabled: boolean) {
  const regions = useCall(
    '/api/client/getoffices',
    { case: 'GET-REGIONAL-OFFICES', ...orgBody, offset: 0, limit: 1000 },
    (b) => b.officeobject as OfficeRow[],
    enabled,
  );
  const branches = useCall(
    '/api/client/getofficesv2',
    { case: 'GET-ALL-BRANCH-OFFICES', ...orgBody, offset: 0, limit: 1000 },
    (b) => b.organizationobject as { BranchOfficeId: number; Name: string }[],
    enabled,
  );
  const sos = useCall(
    '/api/client/getallsecurityoffices',
    { ...orgBody, offset: 0, limit: 1000 },
    (b) => b.securityofficeobject as SecurityOfficeRow[],
    enabled,
  );
  return {
    regions: (regions.data ?? []).map((x) => ({ value: x.Id, label: x.Name })),
    branches: (branches.data ?? []).map((x) => ({ value: x.BranchOfficeId, label: x.Name })),
    securityOffices: (sos.data ?? []).map((x) => ({ value: x.SecurityOfficeId, label: x.Name })),
  };
}

/** The employee form fields (spec §3 User data fields and WorksIn). */
function employeeFields(t: TFunction, o: ReturnType<typeof useWorksInOptions>, adding: boolean): FieldDef[] {
  return [
    { name: 'name', label: t('management.fields.name'), maxLength: 100 },
    { name: 'surname', label: t('management.employee.surname'), maxLength: 100 },
    { name: 'email', label: t('management.fields.email'), helper: adding ? undefined : t('management.employee.emailChangeHelp') },
    { name: 'phoneNumber', label: t('management.fields.phoneNumber'), helper: t('management.fields.phoneHelp') },
    { name: 'number', label: t('management.employee.number'), maxLength: 50 },
    {
      name: 'roleId',
      label: t('management.fields.role'),
      kind: 'select',
      options: ROLES.filter((r) => ORGANIZATION_ROLES.includes(r.Id)).map((r) => ({ value: r.Id, label: r.RoleNameDisplay })),
    },
    {
      name: 'langId',
      label: t('management.employee.language'),
      kind: 'select',
      options: [
        { value: 'en', label: 'English' },
        { value: 'sq', label: 'Shqip' },
      ],
    },
    { name: 'geofenceValidation', label: t('management.employee.geofenceValidation'), kind: 'switch' },
    { name: 'regionalOfficeIds', label: t('management.employee.regions'), kind: 'multiselect', options: o.regions },
    { name: 'branchOfficeIds', label: t('management.employee.branches'), kind: 'multiselect', options: o.branches },
    { name: 'securityOfficeIds', label: t('management.employee.securityOffices'), kind: 'multiselect', options: o.securityOffices },
    { name: 'address', label: t('management.fields.address'), wide: true, maxLength: 300 },
    { name: 'city', label: t('management.fields.city') },
    { name: 'state', label: t('management.fields.state') },
    { name: 'zipCode', label: t('management.employee.zipCode'), maxLength: 20 },
    { name: 'country', label: t('management.fields.country') },
    ...(adding ? [{ name: 'sendEmail', label: t('management.employee.sendEmail'), kind: 'switch' as const }] : []),
  ];
}

const EMPTY_EMPLOYEE: FieldValues = {
  name: '',
  surname: '',
  email: '',
  phoneNumber: '',
  number: '',
  roleId: 7,
  langId: 'en',
  geofenceValidation: false,
  regionalOfficeIds: [],
  branchOfficeIds: [],
  securityOfficeIds: [],
  address: '',
  city: '',
  state: '',
  zipCode: '',
  country: '',
  sendEmail: true,
};

/** Form values of an employee. */
function employeeValues(e: EmployeeRow): FieldValues {
  const ids = (k: 'RegionalOfficeId' | 'BranchOfficeId' | 'SecurityOfficeId') =>
    e.WorksIn.filter((w) => w[k] != null && (k !== 'RegionalOfficeId' || w.BranchOfficeId == null)).map((w) => w[k]!);
  return {
    name: e.Name,
    surname: e.Surname,
    email: e.Email,
    phoneNumber: formatPhoneInternational(e.PhoneNumber),
    number: e.Number ?? '',
    roleId: e.RoleId,
    langId: e.LangId,
    geofenceValidation: e.GeofenceValidation,
    regionalOfficeIds: ids('RegionalOfficeId'),
    branchOfficeIds: ids('BranchOfficeId'),
    securityOfficeIds: ids('SecurityOfficeId'),
    address: e.Address ?? '',
    city: e.City ?? '',
    state: e.State ?? '',
    zipCode: e.ZipCode ?? '',
    country: e.Country ?? '',
    sendEmail: false,
  };
}

/** The CSV import: choose a file, see every bad row (preview), import only a clean file. */
function ImportDialog({ open, onClose, orgBody }: { open: boolean; onClose: () => void; orgBody: Record<string, unknown> }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const save = useSave('/api/client/manageemployees');
  const [csv, setCsv] = useState<string | null>(null);
  const [preview, setPreview] = useState<ImportResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const reset = () => {
    setCsv(null);
    setPreview(null);
    setError(null);
    setDone(null);
  };
  const choose = async (file: File | undefined) => {
    reset();
    if (!file) return;
    const text = await file.text();
    setCsv(text);
    try {
      setPreview((await save.mutateAsync({ case: 'IMPORT-EMPLOYEES-PREVIEW', csv: text, ...orgBody })) as unknown as ImportResult);
    } catch (e) {
      setError(errorText(e));
    }
  };
  const runImport = async () => {
    setError(null);
    try {
      const r = (await save.mutateAsync({ case: 'IMPORT-EMPLOYEES', csv, ...orgBody })) as unknown as ImportResult;
      setDone(t('management.messages.employeesImported', { count: r.imported }));
      setPreview(null);
      setCsv(null);
    } catch (e) {
      setError(errorText(e));
    }
  };
  const clean = !!preview && preview.errors.length === 0 && preview.rows > 0;
  return (
    <Dialog
      open={open}
      onClose={() => {
        reset();
        onClose();
      }}
      maxWidth="md"
      fullWidth
      data-testid="employee-import-dialog"
    >
      <DialogTitle>{t('management.import.title')}</DialogTitle>
      <DialogContent>
        <Stack sx={{ gap: 2, pt: 1 }}>
          <Typography variant="body2" color="text.secondary">
            {t('management.import.columnsHelp')}
          </Typography>
          <Button component="label" variant="outlined" startIcon={<UploadFileIcon />} sx={{ alignSelf: 'flex-start' }}>
            {t('management.import.chooseFile')}
            <input
              hidden
              type="file"
              accept=".csv,text/csv"
              data-testid="employee-import-file"
              onChange={(e) => {
                void choose(e.target.files?.[0]);
                e.target.value = '';
              }}
            />
          </Button>
          {error && (
            <Alert severity="error" data-testid="employee-import-error">
              {error}
            </Alert>
          )}
          {done && (
            <Alert severity="success" data-testid="employee-import-done">
              {done}
            </Alert>
          )}
          {clean && (
            <Alert severity="success" data-testid="employee-import-clean">
              {t('management.import.clean', { count: preview.rows })}
            </Alert>
          )}
          {preview && preview.errors.length > 0 && (
            <>
              <Alert severity="warning">{t('management.import.rowsWithErrors', { count: preview.errors.length })}</Alert>
              <Table size="small" data-testid="employee-import-errors">
                <TableHead>
                  <TableRow>
                    <TableCell>{t('management.import.line')}</TableCell>
                    <TableCell>{t('management.import.messages')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {preview.errors.map((r) => (
                    <TableRow key={r.Line}>
                      <TableCell>{r.Line}</TableCell>
                      <TableCell>{r.Errors.map((x) => x.message).join('; ')}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button
          onClick={() => {
            reset();
            onClose();
          }}
        >
          {t('common.cancel')}
        </Button>
        <Button
          variant="contained"
          disabled={!clean || save.isPending}
          onClick={() => void runImport()}
          data-testid="employee-import-submit"
        >
          {t('management.import.import')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function EmployeesPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { body: orgBody, ready } = useOrgBody();
  const canManage = useCanManage();
  const [adding, setAdding] = useState(false);
  const [importing, setImporting] = useState(false);
  const options = useWorksInOptions(orgBody, ready && canManage);
  const save = useSave('/api/client/manageemployees');
  return (
    <Stack sx={{ gap: 1 }}>
      {canManage && (
        <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
          <Button startIcon={<UploadFileIcon />} onClick={() => setImporting(true)} disabled={!ready} data-testid="employees-import">
            {t('management.employee.import')}
          </Button>
        </Stack>
      )}
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
        {...(canManage ? { onAdd: () => setAdding(true), addLabel: t('management.employee.add') } : {})}
      />
      <EntityFormDialog
        open={adding}
        title={t('management.employee.add')}
        onClose={() => setAdding(false)}
        testId="employee-add"
        schema={ZEmployeeDetails}
        defaultValues={EMPTY_EMPLOYEE}
        fields={employeeFields(t, options, true)}
        onSubmit={async (v) => {
          const r = await save.mutateAsync({ case: 'ADD-EMPLOYEE', version: 'new', ...orgBody, ...v });
          setAdding(false);
          void navigate(`/employees/${(r.personobject as EmployeeRow).UserId}`);
        }}
      />
      <ImportDialog open={importing} onClose={() => setImporting(false)} orgBody={orgBody} />
    </Stack>
  );
}

function EmployeePage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const { id } = useParams();
  const q = useCall(
    '/api/client/getemployee',
    { case: 'GET-EMPLOYEE-BY-ID', employeeId: Number(id) },
    (b) => b.personobject as EmployeeRow,
    Number(id) > 0,
  );
  const e = q.data;
  const canManage = useCanManage();
  const { body: orgBody, ready } = useOrgBody();
  const options = useWorksInOptions(orgBody, ready && canManage);
  const save = useSave('/api/client/manageemployees');
  const roleStatus = useSave('/api/client/managerolestatus');
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const act = async (fn: () => Promise<unknown>, okText: string) => {
    setNotice(null);
    try {
      await fn();
      setNotice({ ok: true, text: okText });
    } catch (err) {
      setNotice({ ok: false, text: errorText(err) });
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
      {q.isError && <Alert severity="error">{errorText(q.error)}</Alert>}
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
          {e.StatusId === 2 && (
            <Button
              variant="outlined"
              data-testid="employee-resend"
              onClick={() =>
                void act(
                  () => save.mutateAsync({ case: 'RESEND-ACTIVATION', employeeId: e.UserId }),
                  t('management.employee.activationSent'),
                )
              }
            >
              {t('management.employee.resendActivation')}
            </Button>
          )}
          {e.StatusId !== 2 && (
            <Button
              variant="outlined"
              data-testid="employee-status"
              onClick={() =>
                void act(
                  () => roleStatus.mutateAsync({ employeeId: e.UserId, statusId: e.StatusId === 1 ? 3 : 1 }),
                  t('management.messages.employeeSaved'),
                )
              }
            >
              {t(e.StatusId === 1 ? 'management.employee.deactivate' : 'management.employee.activate')}
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
            onSubmit={(v) => save.mutateAsync({ case: 'UPDATE-EMPLOYEE', version: 'new', employeeId: e.UserId, ...v })}
          />
        </Paper>
      )}
    </Stack>
  );
}

export const pages = {
  employees: EmployeesPage,
  employee: EmployeePage,
};
