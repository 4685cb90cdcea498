/**
 * The ENS tab of the notifications page (spec §2 Notifications ENS; §3 ENS notification): sent
 * emergency notifications, newest first, with their answer counts; a row opens the detail with each
 * recipient's live per-channel state (queued → sent → delivered → read → replied). A recipient who
 * needs help is shown red, one who is safe green.
 */
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translator';
import {
  Alert,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { ENS_CHANNELS, type EnsCounts, type EnsRecipient } from '@vigil/contract';
import { useErrorText } from '../../../shared/api/use-error-text';
import { Loading } from '../../../shared/components/Loading';
import { useCanManage } from '../../../shared/organization/org-scope';
import { useEnsDetail, useEnsList } from '../api';
import { EnsTemplatesDialog } from './EnsTemplatesDialog';

const REPLY_BG = { help: 'rgba(211, 47, 47, 0.16)', safe: 'rgba(46, 125, 50, 0.12)' } as const;

function CountsLine({ counts }: { counts: EnsCounts }) {
  const { t } = useTranslation();
  return (
    <Typography variant="body2" color="text.secondary" data-testid="ens-counts">
      {t('ens.detail.counts', {
        recipients: counts.Recipients,
        read: counts.Read,
        safe: counts.Safe,
        help: counts.Help,
        noAnswer: counts.NoAnswer,
        failed: counts.Failed,
      })}
    </Typography>
  );
}

function RecipientRow({ r }: { r: EnsRecipient }) {
  const { t } = useTranslation();
  return (
    <TableRow
      data-testid="ens-recipient"
      data-user-id={r.UserId}
      data-reply={r.Reply ?? 'none'}
      sx={r.Reply ? { backgroundColor: REPLY_BG[r.Reply] } : undefined}
    >
      <TableCell>
        {r.Name} {r.Surname}
      </TableCell>
      {ENS_CHANNELS.map((c) => (
        <TableCell key={c}>
          <Chip
            size="small"
            variant="outlined"
            color={r.Channels[c].Status === 'failed' ? 'error' : 'default'}
            label={t(`ens.status.${r.Channels[c].Status}`)}
            title={r.Channels[c].Error ?? undefined}
          />
        </TableCell>
      ))}
      <TableCell sx={{ fontWeight: r.Reply === 'help' ? 700 : undefined, color: r.Reply === 'help' ? 'error.main' : undefined }}>
        {t(`ens.replies.${r.Reply ?? 'none'}`)}
      </TableCell>
    </TableRow>
  );
}

/** The detail dialog of one ENS notification (live through the ['ens'] query cache). */
export function EnsDetailDialog({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const detail = useEnsDetail(id);
  const d = detail.data;
  return (
    <Dialog open={id !== null} onClose={onClose} maxWidth="md" fullWidth data-testid="ens-detail">
      <DialogTitle>{d ? d.MessageTitle : t('ens.detail.title')}</DialogTitle>
      <DialogContent dividers>
        {detail.isError ? (
          <Alert severity="error">{errorText(detail.error)}</Alert>
        ) : !d ? (
          <Loading />
        ) : (
          <Stack sx={{ gap: 1.5 }}>
            <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
              {d.MessageContent}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {d.BranchOfficeName} · {d.Name} {d.Surname} · {new Date(d.TimeSentUtc).toLocaleString()}
            </Typography>
            <CountsLine counts={d.Counts} />
            <TableContainer sx={{ maxHeight: 500 }}>
              <Table size="small" stickyHeader>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('ens.detail.person')}</TableCell>
                    {ENS_CHANNELS.map((c) => (
                      <TableCell key={c}>{t(`ens.channels.${c}`)}</TableCell>
                    ))}
                    <TableCell>{t('ens.detail.reply')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {(d.Recipients ?? []).map((r) => (
                    <RecipientRow key={r.UserId} r={r} />
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('ens.detail.back')}</Button>
      </DialogActions>
    </Dialog>
  );
}

/** The ENS list with its detail dialog; organisation admins also open the templates from here. */
export function EnsList() {
  const { t } = useTranslation();
  const canManage = useCanManage();
  const [templatesOpen, setTemplatesOpen] = useState(false);
  return (
    <Stack sx={{ gap: 1 }}>
      {canManage && (
        <Button
          variant="outlined"
          size="small"
          sx={{ alignSelf: 'flex-end' }}
          onClick={() => setTemplatesOpen(true)}
          data-testid="ens-templates-open"
        >
          {t('ens.templates.title')}
        </Button>
      )}
      <EnsTable />
      {canManage && <EnsTemplatesDialog open={templatesOpen} onClose={() => setTemplatesOpen(false)} />}
    </Stack>
  );
}

function EnsTable() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const list = useEnsList();
  const [open, setOpen] = useState<number | null>(null);
  if (list.isError) return <Alert severity="error">{errorText(list.error)}</Alert>;
  if (list.isLoading || !list.data) return <Loading />;
  if (list.data.length === 0)
    return (
      <Typography color="text.secondary" data-testid="notifications-empty">
        {t('ens.list.empty')}
      </Typography>
    );
  return (
    <>
      <TableContainer>
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{t('ens.list.sentAt')}</TableCell>
              <TableCell>{t('ens.list.branch')}</TableCell>
              <TableCell>{t('ens.list.sender')}</TableCell>
              <TableCell>{t('ens.list.message')}</TableCell>
              <TableCell>{t('ens.list.answers')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {list.data.map((n) => (
              <TableRow key={n.Id} hover onClick={() => setOpen(n.Id)} sx={{ cursor: 'pointer' }} data-testid="ens-row" data-ens-id={n.Id}>
                <TableCell>{new Date(n.TimeSentUtc).toLocaleString()}</TableCell>
                <TableCell>{n.BranchOfficeName}</TableCell>
                <TableCell>
                  {n.Name} {n.Surname}
                </TableCell>
                <TableCell>{n.MessageTitle}</TableCell>
                <TableCell>
                  <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap' }}>
                    <Chip size="small" label={`${t('ens.replies.safe')}: ${n.Counts.Safe}`} color="success" variant="outlined" />
                    <Chip
                      size="small"
                      label={`${t('ens.replies.help')}: ${n.Counts.Help}`}
                      color={n.Counts.Help ? 'error' : 'default'}
                      variant="outlined"
                    />
                    <Chip size="small" label={`${t('ens.replies.none')}: ${n.Counts.NoAnswer}`} variant="outlined" />
                  </Stack>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <EnsDetailDialog id={open} onClose={() => setOpen(null)} />
    </>
  );
}
