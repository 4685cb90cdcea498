/**
 * The pop-ups of live alerts (issue 16 "Notification settings"): the realtime/alert-popups list,
 * stacked at the bottom right above the page (under dialogs; only their buttons take clicks), newest on top, each closing itself after
 * POPUP_SECONDS or by its Close button; "Open" goes to the alarm panel (or the chat). Which alerts
 * pop up is the user's choice on /notification-settings (the handler asks it).
 */
import { memo, useEffect, useRef, useState, useSyncExternalStore, type RefObject } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../../shared/i18n/translator';
import { Alert, AlertTitle, Box, Button, IconButton, type SxProps, type Theme } from '@mui/material';
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

/** The pop-ups' stack, at the bottom right. */
const STACK_SX: SxProps<Theme> = {
  position: 'fixed',
  right: 16,
  bottom: 16,
  // Under dialogs and the temporary drawer; only the buttons take clicks, the page stays usable beneath.
  zIndex: (theme) => theme.zIndex.appBar,
  pointerEvents: 'none',
  display: 'flex',
  flexDirection: 'column',
  gap: 1,
};

/** How long the warm-up waits for an idle moment at most, ms. */
const WARM_UP_TIMEOUT_MS = 5_000;

/**
 * A pop-up of each severity, drawn once in an invisible box when the browser is first idle after
 * the shell mounts, then removed. MUI's styles are made the first time a component is drawn, and
 * the browser's first style, layout and text shaping of those elements (the title's and buttons'
 * font weights) are slow too: without this, the first alert of a session waited for ~20 new style
 * rules, the browser's re-read of the whole sheet, the first render of Alert, Button and the icons
 * and then ~50 ms of style and layout for its fourteen elements (a 60–100 ms task on a
 * 5,000-branch dashboard, bench/dashboard.ts). The box is laid out but not seen (visibility:
 * hidden, where the stack goes; `display: none` would skip style and layout), and its layout is
 * read once so that it happens in that idle moment. The rules stay in the page. `drawing` is true
 * while the box (`box`, its element) is drawn.
 */
function useWarmUp(): { drawing: boolean; box: RefObject<HTMLDivElement | null> } {
  const [phase, setPhase] = useState<'cold' | 'drawing' | 'done'>('cold');
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (phase === 'cold') {
      if (typeof requestIdleCallback !== 'function') {
        const id = setTimeout(() => setPhase('drawing'), 1_000);
        return () => clearTimeout(id);
      }
      const id = requestIdleCallback(() => setPhase('drawing'), { timeout: WARM_UP_TIMEOUT_MS });
      return () => cancelIdleCallback(id);
    }
    if (phase === 'drawing') {
      // Style and lay the box out now, in this idle moment (reading its size forces both).
      box.current?.getBoundingClientRect();
      const id = setTimeout(() => setPhase('done'), 0);
      return () => clearTimeout(id);
    }
    return undefined;
  }, [phase]);
  return { drawing: phase === 'drawing', box };
}

/** The pop-ups the warm-up draws (never shown, never in the list): one per severity, with every part. */
const WARM_UP: AlertPopup[] = (['panic', 'alarm', 'other'] as const).map((category, i) => ({
  id: -1 - i,
  category,
  kind: 'notification',
  branchAction: null,
  branchName: '-',
  who: '-',
  message: '-',
  at: '1970-01-01T00:00:00Z',
  to: '/',
}));

/**
 * One pop-up. Memoised: a new alert renders its own pop-up, not again the others (each an Alert
 * with buttons whose styles emotion serialises again; alarms can come many a second, issue 20).
 */
const Popup = memo(function Popup({ p, warmUp = false }: { p: AlertPopup; warmUp?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useEffect(() => {
    if (warmUp) return undefined;
    const id = setTimeout(() => dismissPopup(p.id), POPUP_SECONDS * 1000);
    return () => clearTimeout(id);
  }, [p.id, warmUp]);
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
      role={warmUp ? undefined : 'alert'}
      data-testid={warmUp ? undefined : 'alert-popup'}
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
});

export function AlertPopups() {
  const { t } = useTranslation();
  const popups = useSyncExternalStore(subscribePopups, getPopups);
  const { drawing: warmingUp, box } = useWarmUp();
  // Signed out (the shell unmounts): nothing of this session stays on screen.
  useEffect(() => clearPopups, []);
  const warmUp = warmingUp ? (
    <Box ref={box} aria-hidden sx={{ visibility: 'hidden' }} data-testid="alert-popups-warm-up">
      <Box sx={STACK_SX}>
        {WARM_UP.map((p) => (
          <Popup key={p.id} p={p} warmUp />
        ))}
      </Box>
    </Box>
  ) : null;
  if (popups.length === 0) return warmUp;
  return (
    <>
      {warmUp}
      <Box component="section" aria-label={t('realtime.popups.label')} data-testid="alert-popups" sx={STACK_SX}>
        {popups.map((p) => (
          <Popup key={p.id} p={p} />
        ))}
      </Box>
    </>
  );
}
