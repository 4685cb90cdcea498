/**
 * The console shell (spec §2 Shell): a permanent 260px drawer on desktop (hideable from the
 * top bar), a temporary drawer below 960px; the top bar with drawer toggle, the date-range picker
 * (only on the pages it filters, issue 13: date-range-pages.ts) and the user menu (name, role under
 * it); the page in the main area. A full-height page (useFullHeightPage, the dashboard) makes the
 * main area the window's height with no page scroll. The drawer state is shared (DrawerShownContext) so the
 * notification alert list keeps its §9 offset (272 px beside the drawer, 12 px without). Client sessions also get the real-time channel
 * (status chip, the alarm sound control — the once-per-shift "enable sound" prompt, then the
 * on/off toggle — the unread-notifications bell and the pop-ups of live alerts) and the §9
 * reload on tab return.
 */
import { useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useTranslation } from '../../../shared/i18n/translator';
import { AppBar, Box, Drawer, IconButton, Toolbar, useMediaQuery } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import MenuIcon from '@mui/icons-material/Menu';
import { DRAWER_WIDTH_PX } from '@vigil/contract';
import { DateRangeButton } from '../../../shared/date-range/DateRangeButton';
import { useSession } from '../../../shared/session/use-session';
import { EnsDialog } from '../../ens/components/EnsDialog';
import { DrawerContent } from './DrawerContent';
import { UserMenu } from './UserMenu';
import { RealtimeStatusChip } from './RealtimeStatusChip';
import { SoundControl } from './SoundControl';
import { NotificationBell } from './NotificationBell';
import { AlertPopups } from './AlertPopups';
import { useRealtimeConnection } from '../../../realtime/use-realtime-connection';
import { useTabReturnReload } from '../use-tab-return-reload';
import { useAlertPreferencesLoader } from '../../notification-settings/api';
import { DrawerShownContext } from '../../../shared/layout/use-layout';
import { FullHeightContext } from '../../../shared/layout/full-height';
import { dateRangeApplies } from '../date-range-pages';

export default function Shell() {
  const { t } = useTranslation();
  const theme = useTheme();
  const mobile = useMediaQuery(theme.breakpoints.down('md'));
  const session = useSession();
  const [mobileOpen, setMobileOpen] = useState(false);
  const [desktopOpen, setDesktopOpen] = useState(true);
  const [emergencyOpen, setEmergencyOpen] = useState(false);
  const [fullHeight, setFullHeight] = useState(false);
  const { pathname } = useLocation();
  const openEmergency = () => setEmergencyOpen(true);
  useRealtimeConnection(session);
  useTabReturnReload();
  useAlertPreferencesLoader(!!session && !session.IsAdmin);
  if (!session) return null; // the gate redirects
  const drawerShown = !mobile && desktopOpen;
  const offset = drawerShown ? DRAWER_WIDTH_PX : 0;
  const live = !session.IsAdmin;
  const toggle = () => (mobile ? setMobileOpen((o) => !o) : setDesktopOpen((o) => !o));

  return (
    <DrawerShownContext.Provider value={drawerShown}>
      <FullHeightContext.Provider value={setFullHeight}>
        <Box sx={{ display: 'flex', minHeight: '100vh', ...(fullHeight ? { height: '100dvh', overflow: 'hidden' } : {}) }}>
          <AppBar position="fixed" sx={{ width: `calc(100% - ${offset}px)`, ml: `${offset}px` }} data-testid="top-bar">
            <Toolbar sx={{ gap: { xs: 1, sm: 2 } }}>
              <IconButton color="inherit" edge="start" onClick={toggle} aria-label={t('shell.toggleDrawer')} data-testid="drawer-toggle">
                <MenuIcon />
              </IconButton>
              {dateRangeApplies(pathname) && <DateRangeButton />}
              <Box sx={{ flexGrow: 1 }} />
              {live && <RealtimeStatusChip />}
              {live && <SoundControl />}
              {live && <NotificationBell />}
              <UserMenu session={session} />
            </Toolbar>
          </AppBar>
          {mobile ? (
            <Drawer
              variant="temporary"
              open={mobileOpen}
              onClose={() => setMobileOpen(false)}
              ModalProps={{ keepMounted: true }}
              slotProps={{ paper: { sx: { width: DRAWER_WIDTH_PX } } }}
            >
              <DrawerContent session={session} onNavigate={() => setMobileOpen(false)} onEmergency={openEmergency} />
            </Drawer>
          ) : (
            drawerShown && (
              <Drawer
                variant="permanent"
                sx={{ width: DRAWER_WIDTH_PX, flexShrink: 0 }}
                slotProps={{ paper: { sx: { width: DRAWER_WIDTH_PX, boxSizing: 'border-box' } } }}
              >
                <DrawerContent session={session} onEmergency={openEmergency} />
              </Drawer>
            )
          )}
          <Box
            component="main"
            sx={{
              flexGrow: 1,
              minWidth: 0,
              p: fullHeight ? 1 : { xs: 1.5, sm: 3 },
              bgcolor: 'grey.50',
              ...(fullHeight ? { display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0, boxSizing: 'border-box' } : {}),
            }}
            data-testid="main-content"
            data-full-height={fullHeight ? 'true' : 'false'}
          >
            <Toolbar sx={{ flexShrink: 0 }} />
            <Outlet />
          </Box>
          {live && <AlertPopups />}
          {live && (
            <EnsDialog open={emergencyOpen} onClose={() => setEmergencyOpen(false)} roleId={session.RoleId} userId={session.UserId} />
          )}
        </Box>
      </FullHeightContext.Provider>
    </DrawerShownContext.Provider>
  );
}
