/**
 * /admin/outbox — the demo mailbox (platform admin): e-mail and SMS kept when no SMTP server is
 * configured, newest first, so a person trying the demo can follow an activation or reset link.
 * Messages are shown as text (links made clickable); their HTML is never rendered.
 */
import { Fragment, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translator';
import { Link as RouterLink } from 'react-router';
import {
  Alert,
  Box,
  Button,
  Chip,
  Collapse,
  Link,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import RefreshIcon from '@mui/icons-material/Refresh';
import type { OutboxMessage } from '@vigil/contract';
import { Loading } from '../../../shared/components/Loading';
import { useOutbox } from '../outbox-api';

/** Splits text into plain parts and http(s) links. */
function linkify(text: string) {
  return text.split(/(https?:\/\/[^\s<>"]+)/g).map((part, i) =>
    /^https?:\/\//.test(part) ? (
      <Link key={i} href={part} data-testid="outbox-link" sx={{ overflowWrap: 'anywhere' }}>
        {part}
      </Link>
    ) : (
      <Fragment key={i}>{part}</Fragment>
    ),
  );
}

export default function OutboxPage() {
  const { t, i18n } = useTranslation();
  const outbox = useOutbox();
  const [open, setOpen] = useState<number | null>(null);
  const row = (m: OutboxMessage) => (
    <Fragment key={m.Id}>
      <TableRow hover onClick={() => setOpen((o) => (o === m.Id ? null : m.Id))} sx={{ cursor: 'pointer' }} data-testid="outbox-row">
        <TableCell>{m.To}</TableCell>
        <TableCell>
          {m.Channel === 'sms' && <Chip size="small" label={t('account.outbox.sms')} sx={{ mr: 1 }} />}
          {m.Subject}
        </TableCell>
        <TableCell sx={{ whiteSpace: 'nowrap' }}>{new Date(m.CreatedAt).toLocaleString(i18n.language)}</TableCell>
      </TableRow>
      <TableRow>
        <TableCell colSpan={3} sx={{ py: 0, borderBottom: open === m.Id ? undefined : 'none' }}>
          <Collapse in={open === m.Id} unmountOnExit>
            <Typography component="pre" data-testid="outbox-text" sx={{ whiteSpace: 'pre-wrap', fontFamily: 'inherit', py: 2, m: 0 }}>
              {linkify(m.Text)}
            </Typography>
          </Collapse>
        </TableCell>
      </TableRow>
    </Fragment>
  );
  return (
    <Stack sx={{ gap: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1">
          {t('account.outbox.title')}
        </Typography>
        <Button startIcon={<RefreshIcon />} onClick={() => void outbox.refetch()} data-testid="outbox-refresh">
          {t('account.outbox.refresh')}
        </Button>
      </Box>
      <Typography color="text.secondary">{t('account.outbox.intro')}</Typography>
      {outbox.isPending ? (
        <Loading />
      ) : outbox.isError ? (
        <Alert severity="error">{t('account.outbox.error')}</Alert>
      ) : outbox.data.length === 0 ? (
        <Alert severity="info">{t('account.outbox.empty')}</Alert>
      ) : (
        <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t('account.outbox.to')}</TableCell>
                <TableCell>{t('account.outbox.subject')}</TableCell>
                <TableCell>{t('account.outbox.sent')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>{outbox.data.map(row)}</TableBody>
          </Table>
        </Paper>
      )}
    </Stack>
  );
}

/** The link to the demo mailbox shown on the admin pages. */
export function OutboxLink() {
  const { t } = useTranslation();
  return (
    <Link component={RouterLink} to="/admin/outbox" data-testid="outbox-nav-link" variant="body2">
      {t('account.outbox.link')}
    </Link>
  );
}
