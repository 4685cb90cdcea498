/**
 * The one filter bar of every report screen (traceability: STYLE.md "report pages share one
 * filter bar"): the global date range (read-only here; changed in the top bar), organisation
 * (dealers and security-office roles), region and branch from the branches in scope, and any
 * report-specific filters passed as children. Changing a filter resets paging (the caller's job).
 */
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from '../../../shared/i18n/translator';
import { Chip, MenuItem, Paper, Stack, TextField } from '@mui/material';
import DateRangeIcon from '@mui/icons-material/DateRange';
import { RoleGroup, RoleId, inRoleGroup } from '@vigil/contract';
import { useDateRange } from '../../../shared/date-range/date-range-context';
import { useOrganizations } from '../../../shared/organization/api';
import { useSession } from '../../../shared/session/use-session';
import { useScopeBranches } from '../api';

/** Scope filters common to the reports; undefined = all in scope. */
export interface ScopeFilters {
  organizationId?: number;
  regionalOfficeId?: number;
  branchOfficeId?: number;
}

/** True when the role picks an organisation (spec §2: dealers and security users choose a client). */
export function choosesOrganization(roleId: number | undefined): boolean {
  return roleId === RoleId.Dealer || (roleId !== undefined && inRoleGroup(RoleGroup.Security, roleId));
}

export interface ReportFilterBarProps {
  value: ScopeFilters;
  onChange: (next: ScopeFilters) => void;
  /** Hide region and branch (reports of a single branch). */
  hideBranch?: boolean;
  /** Report-specific filters (type, status, search, …). */
  children?: ReactNode;
  /** Buttons on the right (exports). */
  actions?: ReactNode;
}

const num = (v: string) => (v === '' ? undefined : Number(v));

export function ReportFilterBar({ value, onChange, hideBranch, children, actions }: ReportFilterBarProps) {
  const { t } = useTranslation();
  const session = useSession();
  const range = useDateRange();
  const showOrg = choosesOrganization(session?.RoleId);
  const orgs = useOrganizations(showOrg);
  const branches = useScopeBranches(value.organizationId);
  const regions = useMemo(() => {
    const m = new Map<number, string>();
    for (const b of branches.data ?? [])
      if (b.RegionalOfficeId != null) m.set(b.RegionalOfficeId, b.RegionalOfficeName ?? String(b.RegionalOfficeId));
    return [...m].sort((a, b) => a[1].localeCompare(b[1]));
  }, [branches.data]);
  const branchList = useMemo(
    () =>
      (branches.data ?? [])
        .filter((b) => !value.regionalOfficeId || b.RegionalOfficeId === value.regionalOfficeId)
        .sort((a, b) => a.Name.localeCompare(b.Name)),
    [branches.data, value.regionalOfficeId],
  );
  const select = { select: true, size: 'small' as const, sx: { minWidth: 170 } };

  return (
    <Paper variant="outlined" sx={{ p: 1.5 }} data-testid="report-filters">
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
        <Chip
          icon={<DateRangeIcon />}
          label={t('reports.filters.range', { start: range.start, end: range.end })}
          data-testid="report-range"
        />
        {showOrg && (
          <TextField
            {...select}
            label={t('reports.filters.organization')}
            value={value.organizationId ?? ''}
            data-testid="filter-organization"
            onChange={(e) => onChange({ organizationId: num(e.target.value) })}
          >
            <MenuItem value="">{t('reports.filters.all')}</MenuItem>
            {(orgs.data ?? []).map((o) => (
              <MenuItem key={o.OrganizationId} value={o.OrganizationId}>
                {o.Name}
              </MenuItem>
            ))}
          </TextField>
        )}
        {!hideBranch && regions.length > 1 && (
          <TextField
            {...select}
            label={t('reports.filters.region')}
            value={value.regionalOfficeId ?? ''}
            data-testid="filter-region"
            onChange={(e) => onChange({ organizationId: value.organizationId, regionalOfficeId: num(e.target.value) })}
          >
            <MenuItem value="">{t('reports.filters.all')}</MenuItem>
            {regions.map(([id, name]) => (
              <MenuItem key={id} value={id}>
                {name}
              </MenuItem>
            ))}
          </TextField>
        )}
        {!hideBranch && (
          <TextField
            {...select}
            label={t('reports.filters.branch')}
            value={value.branchOfficeId ?? ''}
            data-testid="filter-branch"
            onChange={(e) => onChange({ ...value, branchOfficeId: num(e.target.value) })}
          >
            <MenuItem value="">{t('reports.filters.all')}</MenuItem>
            {branchList.map((b) => (
              <MenuItem key={b.BranchOfficeId} value={b.BranchOfficeId}>
                {b.Name}
              </MenuItem>
            ))}
          </TextField>
        )}
        {children}
        <Stack direction="row" sx={{ ml: 'auto', gap: 1, alignItems: 'center' }}>
          {actions}
        </Stack>
      </Stack>
    </Paper>
  );
}
