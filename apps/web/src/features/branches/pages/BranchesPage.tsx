/**
 * Page group "management" (lazy): regions, locations (branches), security offices — each the
 * generic EntityList plus EntityFormDialog / OfficeTabs. Task lists and surveys come later.
 */
import { useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { FieldValues } from 'react-hook-form';
import { Alert, Button, Chip, Stack, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import {
  formatPhoneInternational,
  ZBranchDetails,
  ZRegionalDetails,
  type BranchOfficeRow,
  type BranchOfficeType,
  type OfficeRow,
  type OfficeSchedule,
  type SecurityOfficeRow,
} from '@vigil/contract';
import { notAvailablePage } from '../../../shared/components/NotAvailablePanel';
import { useErrorText } from '../../../shared/api/use-error-text';
import { useSelectedOrganization } from '../../../shared/organization/api';
import { useSession } from '../../../shared/session/use-session';
import { useCall, useSave } from '../../../shared/crud/api';
import { EntityList } from '../../../shared/crud/EntityList';
import { EntityFormDialog, type FieldDef } from '../../../shared/crud/EntityForm';
import { OfficeTabs } from '../../../shared/crud/OfficeTabs';
import { addressFields, addressValues, browserZone, identityFields, statusOptions } from '../../../shared/crud/fields';

/** `{organizationId}` for a dealer's selected organisation, else nothing. */
export function useOrgBody(): { body: Record<string, unknown>; ready: boolean } {
  const org = useSelectedOrganization();
  if (!org.applies) return { body: {}, ready: true };
  return { body: org.selected ? { organizationId: org.selected.OrganizationId } : {}, ready: !!org.selected };
}

/** True for roles that add and edit offices (2 and 12). */
export function useCanManage(): boolean {
  const s = useSession();
  return s?.RoleId === 2 || s?.RoleId === 12;
}

const statusChip = (status: string, label: string) => (
  <Chip size="small" label={label} color={status === 'Active' ? 'success' : status === 'Pending' ? 'warning' : 'default'} />
);

type Detail<R> = R & OfficeSchedule;

/** Branch types and regions for the branch form's selects. */
function useBranchOptions(orgBody: Record<string, unknown>, enabled: boolean) {
  const types = useCall(
    '/api/client/getknownoperators',
    { case: 'GET-BRANCH-OFFICE-TYPES' },
    (b) => b.branchofficetypes as BranchOfficeType[],
    enabled,
  );
  const regions = useCall(
    '/api/client/getoffices',
    { case: 'GET-REGIONAL-OFFICES', ...orgBody, offset: 0, limit: 1000 },
    (b) => b.officeobject as OfficeRow[],
    enabled,
  );
  const sos = useCall(
    '/api/client/getallsecurityoffices',
    { ...orgBody, offset: 0, limit: 1000 },
    (b) => b.securityofficeobject as SecurityOfficeRow[],
    enabled,
  );
  return {
    types: (types.data ?? []).map((x) => ({ value: x.BranchOfficeTypeId, label: x.BranchOfficeTypeDisplay })),
    regions: (regions.data ?? []).map((x) => ({ value: x.Id, label: x.Name })),
    securityOffices: (sos.data ?? []).map((x) => ({ value: x.SecurityOfficeId, label: x.Name })),
  };
}

/** The branch form fields. */
function branchFields(t: TFunction, o: ReturnType<typeof useBranchOptions>): FieldDef[] {
  return [
    ...identityFields(t),
    { name: 'branchOfficeTypeId', label: t('management.fields.branchType'), kind: 'select', options: o.types },
    { name: 'regionalOfficeId', label: t('management.fields.region'), kind: 'select', options: o.regions },
    { name: 'securityOfficeId', label: t('management.fields.securityOffice'), kind: 'select', options: o.securityOffices },
    { name: 'statusId', label: t('management.fields.status'), kind: 'select', options: statusOptions(t) },
    ...addressFields(t),
    { name: 'geofenceRadius', label: t('management.fields.geofenceRadius'), kind: 'number', helper: t('management.fields.geofenceHelp') },
    { name: 'testMode', label: t('management.fields.testMode'), kind: 'switch' },
    {
      name: 'testNote',
      label: t('management.fields.testNote'),
      kind: 'textarea',
      wide: true,
      maxLength: 500,
      visible: (v) => !!v.testMode,
    },
  ];
}

/** /branches: the locations list, add dialog, and (with ?id=) the branch editor. */
function BranchesPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const { body: orgBody, ready } = useOrgBody();
  const canManage = useCanManage();
  const [adding, setAdding] = useState(false);
  const options = useBranchOptions(orgBody, ready);
  const add = useSave('/api/client/addbranchoffice');
  const id = Number(params.get('id'));
  if (id > 0) return <BranchEditor id={id} options={options} onBack={() => setParams({})} />;
  return (
    <>
      <EntityList<BranchOfficeRow>
        testId="branches"
        title={t('management.titles.branches')}
        path="/api/client/getofficesv2"
        baseBody={{ case: 'GET-ALL-BRANCH-OFFICES', ...orgBody }}
        enabled={ready}
        pick={(b) => ({ rows: b.organizationobject as BranchOfficeRow[], total: b.total as number })}
        rowKey={(r) => r.BranchOfficeId}
        onRowClick={(r) => setParams({ id: String(r.BranchOfficeId) })}
        onAdd={canManage ? () => setAdding(true) : undefined}
        addLabel={t('management.actions.addBranch')}
        csvName="branches.csv"
        filters={[
          { name: 'regionalOfficeId', label: t('management.fields.region'), options: options.regions },
          { name: 'branchOfficeTypeId', label: t('management.fields.branchType'), options: options.types },
          { name: 'statusId', label: t('management.fields.status'), options: statusOptions(t) },
        ]}
        columns={[
          { key: 'name', label: t('management.fields.name'), render: (r) => r.Name },
          { key: 'code', label: t('management.fields.code'), render: (r) => r.Code },
          { key: 'type', label: t('management.fields.branchType'), render: (r) => r.BranchOfficeTypeDisplay },
          { key: 'region', label: t('management.fields.region'), render: (r) => r.RegionalOfficeName ?? '' },
          { key: 'city', label: t('management.fields.city'), render: (r) => r.City ?? '' },
          { key: 'phone', label: t('management.fields.phoneNumber'), render: (r) => formatPhoneInternational(r.PhoneNumber) },
          { key: 'status', label: t('management.fields.status'), render: (r) => statusChip(r.Status, t(`management.status.${r.Status}`)) },
          {
            key: 'test',
            label: t('management.fields.testMode'),
            render: (r) =>
              r.TestMode ? <Chip size="small" color="info" label={t('management.fields.testMode')} title={r.TestNote ?? ''} /> : '',
          },
        ]}
      />
      <EntityFormDialog
        open={adding}
        testId="branch-add"
        title={t('management.actions.addBranch')}
        schema={ZBranchDetails}
        defaultValues={{
          name: '',
          code: '',
          branchOfficeTypeId: options.types[0]?.value ?? '',
          regionalOfficeId: '',
          securityOfficeId: '',
          statusId: '1',
          timeZone: browserZone(),
          geofenceRadius: '200',
          testMode: false,
          testNote: '',
        }}
        fields={branchFields(t, options)}
        onClose={() => setAdding(false)}
        onSubmit={async (v) => {
          await add.mutateAsync({ case: 'ADD-BRANCH-OFFICE', ...orgBody, ...v });
          setAdding(false);
        }}
      />
    </>
  );
}

/** The branch editor: details, schedule, holidays, timers and its employees. */
function BranchEditor({ id, options, onBack }: { id: number; options: ReturnType<typeof useBranchOptions>; onBack: () => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const q = useCall(
    `/api/client/getbranchbyidv2`,
    { case: 'GET-BRANCH-OFFICE-BY-BRANCHOFFICEID', branchOfficeId: id },
    (b) => b.branchofficeobject as Detail<BranchOfficeRow>,
  );
  const employees = useCall(
    '/api/client/getbranchemployees',
    { param_branchid: id },
    (b) => b.userobject as { UserId: number; Name: string; Surname: string; RoleNameDisplay: string; Status: string }[],
  );
  const save = useSave('/api/client/managebranchoffices');
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
            save: (v: FieldValues) => save.mutateAsync({ case: 'UPDATE-BRANCH-OFFICE-DETAILS', branchOfficeId: id, ...v }),
          }}
          saveSchedule={(part, v) => save.mutateAsync({ case: `UPDATE-BRANCH-OFFICE-${part}`, branchOfficeId: id, ...v })}
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

/** /regions: regional offices list, add dialog, and (with ?id=) the region editor. */
function RegionsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const { body: orgBody, ready } = useOrgBody();
  const canManage = useCanManage();
  const [adding, setAdding] = useState(false);
  const add = useSave('/api/client/addregionaloffice');
  const id = Number(params.get('id'));
  const fields: FieldDef[] = [
    ...identityFields(t),
    { name: 'statusId', label: t('management.fields.status'), kind: 'select', options: statusOptions(t) },
    ...addressFields(t),
  ];
  if (id > 0) return <RegionEditor id={id} fields={fields} onBack={() => setParams({})} />;
  return (
    <>
      <EntityList<OfficeRow>
        testId="regions"
        title={t('management.titles.regions')}
        path="/api/client/getoffices"
        baseBody={{ case: 'GET-REGIONAL-OFFICES', ...orgBody }}
        enabled={ready}
        pick={(b) => ({ rows: b.officeobject as OfficeRow[], total: b.total as number })}
        rowKey={(r) => r.Id}
        onRowClick={(r) => setParams({ id: String(r.Id) })}
        onAdd={canManage ? () => setAdding(true) : undefined}
        addLabel={t('management.actions.addRegion')}
        csvName="regions.csv"
        filters={[{ name: 'statusId', label: t('management.fields.status'), options: statusOptions(t) }]}
        columns={[
          { key: 'name', label: t('management.fields.name'), render: (r) => r.Name },
          { key: 'code', label: t('management.fields.code'), render: (r) => r.Code },
          { key: 'city', label: t('management.fields.city'), render: (r) => r.City ?? '' },
          { key: 'phone', label: t('management.fields.phoneNumber'), render: (r) => formatPhoneInternational(r.PhoneNumber) },
          { key: 'branches', label: t('management.fields.branches'), render: (r) => r.BranchCount },
          { key: 'status', label: t('management.fields.status'), render: (r) => statusChip(r.Status, t(`management.status.${r.Status}`)) },
        ]}
      />
      <EntityFormDialog
        open={adding}
        testId="region-add"
        title={t('management.actions.addRegion')}
        schema={ZRegionalDetails}
        defaultValues={{ name: '', code: '', statusId: '1', timeZone: browserZone() }}
        fields={fields}
        onClose={() => setAdding(false)}
        onSubmit={async (v) => {
          await add.mutateAsync({ ...orgBody, ...v });
          setAdding(false);
        }}
      />
    </>
  );
}

function RegionEditor({ id, fields, onBack }: { id: number; fields: FieldDef[]; onBack: () => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const q = useCall(
    '/api/client/getoffices',
    { case: 'GET-REGIONAL-OFFICE-BY-ID', regionalOfficeId: id },
    (b) => b.officeobject as Detail<OfficeRow>,
  );
  const save = useSave('/api/client/manageregionaloffices');
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
            save: (v: FieldValues) => save.mutateAsync({ case: 'UPDATE-REGIONAL-OFFICE-DETAILS', regionalOfficeId: id, ...v }),
          }}
          saveSchedule={(part, v) => save.mutateAsync({ case: `UPDATE-REGIONAL-OFFICE-${part}`, regionalOfficeId: id, ...v })}
        />
      )}
    </Stack>
  );
}

/** /security-offices: the offices monitoring the organisation. */
function SecurityOfficesPage() {
  const { t } = useTranslation();
  const { body: orgBody, ready } = useOrgBody();
  return (
    <EntityList<SecurityOfficeRow>
      testId="security-offices"
      title={t('management.titles.securityOffices')}
      path="/api/client/getallsecurityoffices"
      baseBody={orgBody}
      enabled={ready}
      pick={(b) => ({ rows: b.securityofficeobject as SecurityOfficeRow[], total: b.total as number })}
      rowKey={(r) => r.SecurityOfficeId}
      csvName="security-offices.csv"
      columns={securityOfficeColumns(t)}
    />
  );
}

/** Columns of a security office list (client and admin). */
export function securityOfficeColumns(t: (k: string) => string) {
  return [
    { key: 'name', label: t('management.fields.name'), render: (r: SecurityOfficeRow) => r.Name },
    { key: 'code', label: t('management.fields.code'), render: (r: SecurityOfficeRow) => r.Code },
    { key: 'city', label: t('management.fields.city'), render: (r: SecurityOfficeRow) => r.City ?? '' },
    { key: 'phone', label: t('management.fields.phoneNumber'), render: (r: SecurityOfficeRow) => formatPhoneInternational(r.PhoneNumber) },
    {
      key: 'monitoring',
      label: t('management.fields.isMonitoring'),
      render: (r: SecurityOfficeRow) => (r.IsMonitoring ? t('management.yes') : t('management.no')),
    },
    {
      key: 'managing',
      label: t('management.fields.managing'),
      render: (r: SecurityOfficeRow) => r.Managing.map((m) => m.OrganizationName).join(', '),
    },
    {
      key: 'status',
      label: t('management.fields.status'),
      render: (r: SecurityOfficeRow) => statusChip(r.Status, t(`management.status.${r.Status}`)),
    },
  ];
}

export const pages = {
  regions: RegionsPage,
  branches: BranchesPage,
  securityOffices: SecurityOfficesPage,
  taskList: notAvailablePage('taskList'),
  surveyList: notAvailablePage('surveyList'),
  surveyDetail: notAvailablePage('surveyDetail'),
};
