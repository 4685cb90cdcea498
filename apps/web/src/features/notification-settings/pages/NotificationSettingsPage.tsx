/**
 * /notification-settings (spec §2 catalogue "Notification settings"; §7 updatenotificationsettingsweb,
 * updatenotificationsallowed, updateDndNotifications; §8 'Error updating user DnD preferences'): per
 * category whether it is shown, pops up and sounds, and a daily do-not-disturb window in the
 * browser's time zone. The screen says that panic, duress, emergency and ENS "I need help" always
 * sound for roles 5 and 8.
 */
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translator';
import {
  Alert,
  Button,
  Checkbox,
  Chip,
  FormControlLabel,
  Paper,
  Stack,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { ALERT_CATEGORIES, type DoNotDisturb, type NotificationSettings } from '@vigil/contract';
import { Loading } from '../../../shared/components/Loading';
import { useErrorText } from '../../../shared/api/use-error-text';
import { useNotificationSettings, useSaveAlertSettings, useSaveDnd } from '../api';

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

export default function NotificationSettingsPage() {
  const q = useNotificationSettings();
  if (q.isPending) return <Loading />;
  if (!q.data) return <LoadError error={q.error} />;
  return <SettingsForm initial={q.data} />;
}

function LoadError({ error }: { error: unknown }) {
  const errorText = useErrorText();
  return <Alert severity="error">{errorText(error)}</Alert>;
}

function SettingsForm({ initial }: { initial: NotificationSettings }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const save = useSaveAlertSettings();
  const saveDnd = useSaveDnd();
  const [web, setWeb] = useState(initial.Web);
  const [allowed, setAllowed] = useState(initial.Allowed);
  const [dnd, setDnd] = useState<DoNotDisturb>({ ...initial.NotificationDoNotDisturb, TimeZone: browserZone() });
  const [notice, setNotice] = useState<string | null>(null);
  const always = new Set(initial.AlwaysSound);

  return (
    <Stack sx={{ gap: 2, maxWidth: 900 }} data-testid="notification-settings-page">
      <Typography variant="h5" component="h1">
        {t('alerting.title')}
      </Typography>
      <Typography color="text.secondary">{t('alerting.intro')}</Typography>
      <Alert severity="warning" data-testid="always-sound-note">
        {t('alerting.alwaysNote')}
      </Alert>
      {notice && (
        <Alert severity="success" data-testid="settings-notice">
          {notice}
        </Alert>
      )}
      {save.isError && <Alert severity="error">{errorText(save.error) || t('alerting.errors.saveFailed')}</Alert>}
      <TableContainer component={Paper} variant="outlined" sx={{ overflowX: 'auto' }}>
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{t('alerting.category')}</TableCell>
              <TableCell align="center">{t('alerting.allowed')}</TableCell>
              <TableCell align="center">{t('alerting.popup')}</TableCell>
              <TableCell align="center">{t('alerting.sound')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {ALERT_CATEGORIES.map((c) => {
              const locked = always.has(c);
              return (
                <TableRow key={c} data-testid={`settings-row-${c}`}>
                  <TableCell>
                    {t(`alerting.categories.${c}`)}
                    {locked && <Chip size="small" color="error" variant="outlined" label={t('alerting.always')} sx={{ ml: 1 }} />}
                  </TableCell>
                  <TableCell align="center">
                    <Switch
                      checked={locked || allowed[c]}
                      disabled={locked}
                      onChange={(e) => setAllowed({ ...allowed, [c]: e.target.checked })}
                      slotProps={{ input: { 'aria-label': `${t(`alerting.categories.${c}`)}: ${t('alerting.allowed')}` } }}
                    />
                  </TableCell>
                  <TableCell align="center">
                    <Switch
                      checked={locked || web[c].Popup}
                      disabled={locked}
                      onChange={(e) => setWeb({ ...web, [c]: { ...web[c], Popup: e.target.checked } })}
                      slotProps={{ input: { 'aria-label': `${t(`alerting.categories.${c}`)}: ${t('alerting.popup')}` } }}
                    />
                  </TableCell>
                  <TableCell align="center">
                    <Switch
                      checked={locked || web[c].Sound}
                      disabled={locked}
                      onChange={(e) => setWeb({ ...web, [c]: { ...web[c], Sound: e.target.checked } })}
                      slotProps={{
                        input: {
                          'aria-label': `${t(`alerting.categories.${c}`)}: ${t('alerting.sound')}`,
                          'data-testid': `sound-${c}`,
                        } as object,
                      }}
                    />
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
      <Button
        variant="contained"
        sx={{ alignSelf: 'flex-start' }}
        disabled={save.isPending}
        data-testid="settings-save"
        onClick={() => {
          setNotice(null);
          save.mutate({ Web: web, Allowed: allowed }, { onSuccess: () => setNotice(t('alerting.messages.saved')) });
        }}
      >
        {t('alerting.save')}
      </Button>

      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack sx={{ gap: 2 }}>
          <Typography variant="h6" component="h2">
            {t('alerting.dnd')}
          </Typography>
          {saveDnd.isError && (
            <Alert severity="error" data-testid="dnd-error">
              {t('alerting.errors.dndFailed')}
            </Alert>
          )}
          <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2, alignItems: { sm: 'center' }, flexWrap: 'wrap' }}>
            <FormControlLabel
              control={
                <Checkbox checked={dnd.Enabled} onChange={(e) => setDnd({ ...dnd, Enabled: e.target.checked })} data-testid="dnd-enabled" />
              }
              label={t('alerting.dndEnabled')}
            />
            <TextField
              type="time"
              size="small"
              label={t('alerting.from')}
              value={dnd.From}
              onChange={(e) => setDnd({ ...dnd, From: e.target.value })}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'dnd-from' } }}
            />
            <TextField
              type="time"
              size="small"
              label={t('alerting.to')}
              value={dnd.To}
              onChange={(e) => setDnd({ ...dnd, To: e.target.value })}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'dnd-to' } }}
            />
          </Stack>
          <Typography variant="caption" color="text.secondary">
            {t('alerting.timeZone', { zone: dnd.TimeZone })}
          </Typography>
          <Button
            variant="outlined"
            sx={{ alignSelf: 'flex-start' }}
            disabled={saveDnd.isPending || !dnd.From || !dnd.To}
            data-testid="dnd-save"
            onClick={() => {
              setNotice(null);
              saveDnd.mutate(dnd, { onSuccess: () => setNotice(t('alerting.messages.saved')) });
            }}
          >
            {t('alerting.saveDnd')}
          </Button>
        </Stack>
      </Paper>
    </Stack>
  );
}
