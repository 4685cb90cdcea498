/**
 * /security-phrases (spec §2 catalogue "Security phrases"; §3 Security phrase; §4 expiry rule; §7
 * commonphrase): the organisation admins' (roles 2, 12: the selected organisation) phrases. Add a
 * phrase (duress flag, optional expiry, whether the expiry may change later); edit several at once
 * and save them together (UPDATE-MULTIPLE-PHRASES). Expired phrases stay listed as history, greyed
 * and not editable. Errors show the server's description (spec §8).
 */
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translator';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Chip,
  FormControlLabel,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { PHRASE_MAX, type SecurityPhrase } from '@vigil/contract';
import { Loading } from '../../../shared/components/Loading';
import { useErrorText } from '../../../shared/api/use-error-text';
import { useOrgScope } from '../../../shared/organization/org-scope';
import { formatInstant, fromLocalInput, toLocalInput, usePhrases, useSavePhrases } from '../api';

interface Draft {
  Phrase: string;
  IsDuress: boolean;
  Expires: string;
}

export default function SecurityPhrasesPage() {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const { scope, ready } = useOrgScope();
  const q = usePhrases(scope.organizationId, ready);
  const save = useSavePhrases();
  const [phrase, setPhrase] = useState('');
  const [duress, setDuress] = useState(false);
  const [expires, setExpires] = useState('');
  const [expiryEditable, setExpiryEditable] = useState(true);
  const [drafts, setDrafts] = useState<Record<number, Draft> | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const add = () => {
    setNotice(null);
    save.mutate(
      {
        case: 'ADD-PHRASE',
        organizationId: scope.organizationId,
        Phrase: phrase.trim(),
        IsDuress: duress,
        Expires: fromLocalInput(expires),
        ExpirationEditable: expiryEditable,
      },
      {
        onSuccess: () => {
          setPhrase('');
          setDuress(false);
          setExpires('');
          setNotice(t('phrases.messages.added'));
        },
      },
    );
  };
  const startEdit = (list: SecurityPhrase[]) =>
    setDrafts(
      Object.fromEntries(
        list.filter((p) => p.CanBeEdited).map((p) => [p.Id, { Phrase: p.Phrase, IsDuress: p.IsDuress, Expires: toLocalInput(p.Expires) }]),
      ),
    );
  const saveAll = (list: SecurityPhrase[]) => {
    if (!drafts) return;
    setNotice(null);
    const changed = list.filter((p) => {
      const d = drafts[p.Id];
      return d && (d.Phrase !== p.Phrase || d.IsDuress !== p.IsDuress || d.Expires !== toLocalInput(p.Expires));
    });
    if (changed.length === 0) return setDrafts(null);
    save.mutate(
      {
        case: 'UPDATE-MULTIPLE-PHRASES',
        phrases: changed.map((p) => {
          const d = drafts[p.Id]!;
          const exp = d.Expires !== toLocalInput(p.Expires) ? fromLocalInput(d.Expires) : undefined;
          return { Id: p.Id, Phrase: d.Phrase.trim(), IsDuress: d.IsDuress, ...(exp ? { Expires: exp } : {}) };
        }),
      },
      {
        onSuccess: () => {
          setDrafts(null);
          setNotice(t('phrases.messages.updated'));
        },
      },
    );
  };
  const setDraft = (id: number, patch: Partial<Draft>) => setDrafts((d) => (d ? { ...d, [id]: { ...d[id]!, ...patch } } : d));

  if (q.isPending) return <Loading />;
  const list = q.data ?? [];
  return (
    <Stack sx={{ gap: 2 }} data-testid="security-phrases-page">
      <Typography variant="h5" component="h1">
        {t('phrases.title')}
      </Typography>
      <Typography color="text.secondary">{t('phrases.intro')}</Typography>
      <Alert severity="info">{t('phrases.expiryRule')}</Alert>
      {q.isError && <Alert severity="error">{errorText(q.error)}</Alert>}
      {save.isError && (
        <Alert severity="error" data-testid="phrases-error">
          {errorText(save.error)}
        </Alert>
      )}
      {notice && !save.isError && (
        <Alert severity="success" data-testid="phrases-notice">
          {notice}
        </Alert>
      )}
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack direction={{ xs: 'column', md: 'row' }} sx={{ gap: 2, alignItems: { md: 'center' }, flexWrap: 'wrap' }}>
          <TextField
            label={t('phrases.phrase')}
            value={phrase}
            onChange={(e) => setPhrase(e.target.value)}
            size="small"
            sx={{ flex: { md: '1 1 240px' } }}
            slotProps={{ htmlInput: { maxLength: PHRASE_MAX, 'data-testid': 'phrase-input' } }}
          />
          <TextField
            label={t('phrases.expires')}
            type="datetime-local"
            value={expires}
            onChange={(e) => setExpires(e.target.value)}
            size="small"
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'phrase-expires' } }}
          />
          <FormControlLabel
            control={<Checkbox checked={duress} onChange={(e) => setDuress(e.target.checked)} data-testid="phrase-duress" />}
            label={t('phrases.duressPhrase')}
          />
          <FormControlLabel
            control={<Checkbox checked={expiryEditable} onChange={(e) => setExpiryEditable(e.target.checked)} />}
            label={t('phrases.expirationEditable')}
          />
          <Button variant="contained" onClick={add} disabled={!phrase.trim() || save.isPending} data-testid="phrase-add">
            {t('phrases.add')}
          </Button>
        </Stack>
      </Paper>
      <Stack direction="row" sx={{ gap: 1, justifyContent: 'flex-end' }}>
        {drafts ? (
          <>
            <Button onClick={() => setDrafts(null)}>{t('phrases.cancel')}</Button>
            <Button variant="contained" onClick={() => saveAll(list)} disabled={save.isPending} data-testid="phrases-save">
              {t('phrases.save')}
            </Button>
          </>
        ) : (
          <Button variant="outlined" onClick={() => startEdit(list)} disabled={!list.some((p) => p.CanBeEdited)} data-testid="phrases-edit">
            {t('phrases.edit')}
          </Button>
        )}
      </Stack>
      {list.length === 0 ? (
        <Typography color="text.secondary">{t('phrases.noneAdmin')}</Typography>
      ) : (
        <TableContainer component={Paper} variant="outlined" sx={{ overflowX: 'auto' }}>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t('phrases.phrase')}</TableCell>
                <TableCell>{t('phrases.duress')}</TableCell>
                <TableCell>{t('phrases.expires')}</TableCell>
                <TableCell>{t('phrases.status')}</TableCell>
                <TableCell>{t('phrases.created')}</TableCell>
                <TableCell>{t('phrases.createdBy')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {list.map((p) => {
                const d = drafts?.[p.Id];
                return (
                  <TableRow key={p.Id} data-testid="phrase-row" data-expired={p.IsExpired} sx={p.IsExpired ? { opacity: 0.55 } : undefined}>
                    <TableCell sx={{ minWidth: 180 }}>
                      {d ? (
                        <TextField
                          value={d.Phrase}
                          onChange={(e) => setDraft(p.Id, { Phrase: e.target.value })}
                          size="small"
                          fullWidth
                          slotProps={{ htmlInput: { maxLength: PHRASE_MAX, 'aria-label': t('phrases.phrase') } }}
                        />
                      ) : (
                        p.Phrase
                      )}
                    </TableCell>
                    <TableCell>
                      {d ? (
                        <Checkbox
                          checked={d.IsDuress}
                          onChange={(e) => setDraft(p.Id, { IsDuress: e.target.checked })}
                          slotProps={{ input: { 'aria-label': t('phrases.duressPhrase') } }}
                        />
                      ) : p.IsDuress ? (
                        <Chip size="small" color="error" label={t('phrases.duress')} />
                      ) : (
                        t('phrases.normal')
                      )}
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {d && p.ExpirationEditable ? (
                        <TextField
                          type="datetime-local"
                          value={d.Expires}
                          onChange={(e) => setDraft(p.Id, { Expires: e.target.value })}
                          size="small"
                          slotProps={{ htmlInput: { 'aria-label': t('phrases.expires') } }}
                        />
                      ) : p.Expires ? (
                        formatInstant(p.Expires, i18n.language)
                      ) : (
                        t('phrases.noExpiry')
                      )}
                    </TableCell>
                    <TableCell>
                      <Chip
                        size="small"
                        variant="outlined"
                        color={p.IsExpired ? 'default' : 'success'}
                        label={p.IsExpired ? t('phrases.expired') : t('phrases.current')}
                      />
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatInstant(p.Created, i18n.language)}</TableCell>
                    <TableCell>{p.CreatedBy ?? '—'}</TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <Box />
    </Stack>
  );
}
