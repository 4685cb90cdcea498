/**
 * "Security phrases" box (spec §3 Security phrase): the current phrases of the caller's
 * organisation, for operators and officers (roles 5, 8) to check a caller; duress phrases marked in
 * red. Expired phrases are never shown (the server leaves them out; the box also drops one that
 * expires while it is open). Self-contained: mount it wherever a caller is handled (chat, alarm).
 */
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translator';
import { Alert, Chip, List, ListItem, ListItemText, Paper, Stack, Typography } from '@mui/material';
import { useErrorText } from '../../../shared/api/use-error-text';
import { formatInstant, isCurrent, usePhrases } from '../api';

export function SecurityPhrasesBox({ organizationId }: { organizationId: number | null | undefined }) {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const q = usePhrases(organizationId ?? undefined, !!organizationId);
  // The clock, every 15 s: a phrase that expires while the box is open leaves it at once.
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 15_000);
    return () => clearInterval(id);
  }, []);
  if (!organizationId) return null;
  const phrases = (q.data ?? []).filter((p) => isCurrent(p, now));
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="security-phrases-box">
      <Typography variant="overline" component="div" color="text.secondary">
        {t('phrases.boxTitle')}
      </Typography>
      {q.isError ? (
        <Alert severity="error">{errorText(q.error)}</Alert>
      ) : phrases.length === 0 ? (
        <Typography color="text.secondary" variant="body2">
          {q.isPending ? '…' : t('phrases.none')}
        </Typography>
      ) : (
        <>
          <Typography variant="caption" component="div" color="text.secondary">
            {t('phrases.boxHint')}
          </Typography>
          <List dense disablePadding>
            {phrases.map((p) => (
              <ListItem key={p.Id} disableGutters data-testid="security-phrase" data-duress={p.IsDuress}>
                <ListItemText
                  primary={
                    <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                      <Typography component="span" sx={{ fontWeight: 600 }}>
                        {p.Phrase}
                      </Typography>
                      {p.IsDuress && <Chip size="small" color="error" label={t('phrases.duress')} />}
                    </Stack>
                  }
                  secondary={p.Expires ? `${t('phrases.expires')}: ${formatInstant(p.Expires, i18n.language)}` : t('phrases.noExpiry')}
                />
              </ListItem>
            ))}
          </List>
        </>
      )}
    </Paper>
  );
}
