/**
 * The pop-ups of live alerts (issue 16 "Notification settings"): the realtime/alert-popups list,
 * stacked at the bottom right above the page (under dialogs; only their buttons take clicks), newest on top, each closing itself after
 * POPUP_SECONDS or by its Close button; "Open" goes to the alarm panel (or the chat). Which alerts
 * pop up is the user's choice on /notification-settings (the handler asks it).
 */
import { useEffect, useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../../shared/i18n/translator';
import { Alert, AlertTitle, Box, Button, IconButton } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { clearPopups, dismissPopup, getPopups, subscribePopups, type AlertPopup } from '../../../realtime/alert-popups';
import { branchActionKey } from '../../../shared/format/branch-action';

/** Seconds a pop-up stays unless closed. */
const POPUP_SECONDS = 10;

const SEVERITY: Record<AlertPopup['category'], 'error' | 'warning' | 'info'> = {
  panic: 'error',
  emergency: 'error',
  alarm: 'warning',
  anomaly: 'warning',
  other: 'info',
  chat: 'info',
};

function Popup({ p }: { p: AlertPopup }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useEffect(() => {
    const id = setTimeout(() => dismissPopup(p.id), POPUP_SECONDS * 1000);
    return () => clearTimeout(id);
  }, [p.id]);
  const key = branchActionKey(p.branchAction);
  const action = key ? t(`branchActions.${key}`) : (p.branchAction ?? '');
  const branch = p.branchName ?? '';
  const title =
    p.kind === 'chat'
      ? t('realtime.popups.chat', { branch })
      : branch
        ? t('realtime.popups.title', { action, branch })
        : t('realtime.popups.noBranch', { action });
  return (
    <Alert
      severity={SEVERITY[p.category]}
      variant="filled"
      role="alert"
      data-testid="alert-popup"
      data-category={p.category}
      sx={{ boxShadow: 6, width: 360, maxWidth: 'calc(100vw - 32px)', '& .MuiAlert-action': { pointerEvents: 'auto' } }}
      action={
        <>
          <Button
            color="inherit"
            size="small"
            onClick={() => {
              dismissPopup(p.id);
              void navigate(p.to);
            }}
          >
            {t('realtime.popups.open')}
          </Button>
          <IconButton color="inherit" size="small" aria-label={t('realtime.popups.close')} onClick={() => dismissPopup(p.id)}>
            <CloseIcon fontSize="small" />
          </IconButton>
        </>
      }
    >
      <AlertTitle sx={{ mb: p.who || p.message ? 0.5 : 0 }}>{title}</AlertTitle>
      {p.who && <div>{t('realtime.popups.by', { who: p.who })}</div>}
      {p.message && <div>{p.message}</div>}
    </Alert>
  );
}

export function AlertPopups() {
  const { t } = useTranslation();
  const popups = useSyncExternalStore(subscribePopups, getPopups);
  // Signed out (the shell unmounts): nothing of this session stays on screen.
  useEffect(() => clearPopups, []);
  if (popups.length === 0) return null;
  return (
    <Box
      component="section"
      aria-label={t('realtime.popups.label')}
      data-testid="alert-popups"
      sx={{
        position: 'fixed',
        right: 16,
        bottom: 16,
        // Under dialogs and the temporary drawer; only the buttons take clicks, the page stays usable beneath.
        zIndex: (theme) => theme.zIndex.appBar,
        pointerEvents: 'none',
        display: 'flex',
        flexDirection: 'column',
        gap: 1,
      }}
    >
      {popups.map((p) => (
        <Popup key={p.id} p={p} />
      ))}
    </Box>
  );
}
