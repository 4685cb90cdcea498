/**
 * The VaultTrak report (spec §7 log-access/reports; page group "log access") at /reports/logaccess,
 * and one vault access at the child route /reports/logaccess/:id.
 */
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translator';
import { Outlet, useNavigate, useParams } from 'react-router';
import {
  Alert,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  MenuItem,
  Stack,
  TextField,
} from '@mui/material';
import { ReportErrorCode, type LogAccessRow } from '@vigil/contract';
import { logAccessReport, useLogAccess, type LogAccessSort, type VaultActionFilter } from '../api';
import { DetailLine, ReportScreen, type ReportColumn } from '../components/ReportScreen';
import { Location } from './report-screens';

const PRODUCT = { product: 'VaultTrak' };
/** The action filter's values. */
const VAULT_ACTIONS: readonly VaultActionFilter[] = ['all', 'OPEN', 'CLOSE'];

export function LogAccessPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [action, setAction] = useState<VaultActionFilter>('all');
  const [search, setSearch] = useState('');
  const columns: ReportColumn<LogAccessRow, LogAccessSort>[] = [
    { id: 'time', nowrap: true, label: 'reports.columns.time', sortKey: 'time', render: (r) => r.AtLocal },
    { id: 'vault', label: 'reports.columns.vault', sortKey: 'vault', render: (r) => r.VaultName },
    {
      id: 'action',
      label: 'reports.columns.action',
      render: (r) => <Chip size="small" color={r.Action === 'OPEN' ? 'success' : 'default'} label={t(`reports.vaultAction.${r.Action}`)} />,
    },
    { id: 'user', label: 'reports.columns.user', sortKey: 'user', render: (r) => [r.Name, r.Surname].filter(Boolean).join(' ') },
    { id: 'branch', label: 'reports.columns.branch', sortKey: 'branch', render: (r) => r.BranchOfficeName },
    { id: 'region', label: 'reports.columns.region', render: (r) => r.RegionalOfficeName },
  ];
  return (
    <>
      <ReportScreen
        title="reports.names.vaulttrak"
        testId="logaccess-report"
        source={logAccessReport({ action, search: search.trim() || undefined })}
        columns={columns}
        defaultSort="time"
        errorKey={ReportErrorCode.LogAccess}
        errorVars={PRODUCT}
        rowKey={(r) => r.Id}
        onRowClick={(r) => void navigate(`/reports/logaccess/${r.Id}`)}
        filters={
          <>
            <TextField
              select
              size="small"
              label={t('reports.filters.action')}
              value={action}
              onChange={(e) => setAction(VAULT_ACTIONS.find((a) => a === e.target.value) ?? 'all')}
              sx={{ minWidth: 130 }}
            >
              <MenuItem value="all">{t('reports.filters.all')}</MenuItem>
              <MenuItem value="OPEN">{t('reports.vaultAction.OPEN')}</MenuItem>
              <MenuItem value="CLOSE">{t('reports.vaultAction.CLOSE')}</MenuItem>
            </TextField>
            <TextField size="small" label={t('reports.filters.search')} value={search} onChange={(e) => setSearch(e.target.value)} />
          </>
        }
      />
      <Outlet />
    </>
  );
}

/** /reports/logaccess/:id: one vault access (log-access/reports with `id`). */
export function LogAccessDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const q = useLogAccess(id);
  const r = q.data;
  const close = () => void navigate('/reports/logaccess');
  return (
    <Dialog open onClose={close} maxWidth="sm" fullWidth>
      <DialogTitle>{t('reports.detail.title')}</DialogTitle>
      <DialogContent dividers data-testid="logaccess-detail">
        {q.isFetching && <LinearProgress aria-label={t('app.loading')} />}
        {(q.isError || !(id > 0)) && <Alert severity="error">{t(ReportErrorCode.LogAccess, PRODUCT)}</Alert>}
        {r && (
          <Stack>
            <DetailLine label={t('reports.columns.vault')}>{r.VaultName}</DetailLine>
            <DetailLine label={t('reports.columns.action')}>{t(`reports.vaultAction.${r.Action}`)}</DetailLine>
            <DetailLine label={t('reports.columns.time')}>{r.AtLocal}</DetailLine>
            <DetailLine label={t('reports.columns.user')}>{[r.Name, r.Surname].filter(Boolean).join(' ')}</DetailLine>
            <DetailLine label={t('reports.columns.branch')}>
              {r.BranchOfficeName} · {r.RegionalOfficeName} · {r.OrganizationName}
            </DetailLine>
            <DetailLine label={t('reports.detail.location')}>
              <Location lat={r.Latitude} lng={r.Longitude} />
            </DetailLine>
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{t('reports.table.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
