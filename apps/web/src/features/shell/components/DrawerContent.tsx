/**
 * Drawer contents (spec §2 Shell): logo and product name; the emergency button (every role
 * but 1); the dealer's organisation card; the role's menu; incoming calls and chats, or the
 * Unsupported Browser warning without WebRTC; Internet status; copyright; versions.
 */
import { useTranslation } from '../../../shared/i18n/translator';
import { Alert, AlertTitle, Box, Button, Divider, Stack, Toolbar, Typography } from '@mui/material';
import ShieldIcon from '@mui/icons-material/Shield';
import CampaignIcon from '@mui/icons-material/Campaign';
import {
  MOBILE_VERSIONS,
  PRODUCT_NAME_DEFAULT,
  RoleGroup,
  RoleId,
  WEB_VERSION_LABEL,
  cutVersion,
  inRoleGroup,
  menuForRole,
} from '@vigil/contract';
import { webRtcSupported } from '../../../shared/browser/browser-features';
import type { StoredSession } from '../../../shared/session/session-store';
import { MenuList } from './MenuList';
import { InternetStatus } from './InternetStatus';
import { OrgCard } from './OrgCard';
import { IncomingChats } from '../../chat/components/IncomingChats';
import { IncomingCalls } from '../../calls/components/IncomingCalls';
import { useOpenCalls } from '../../calls/api';

/**
 * The drawer's content. `onEmergency` opens the emergency notification dialog, which the shell
 * keeps outside the drawer: the drawer is rebuilt when the window crosses the 960 px breakpoint,
 * and an open dialog with its message must survive that.
 */
export function DrawerContent({
  session,
  onNavigate,
  onEmergency,
}: {
  session: StoredSession;
  onNavigate?: () => void;
  onEmergency: () => void;
}) {
  const { t } = useTranslation();
  const isAdmin = session.RoleId === RoleId.PlatformAdmin;
  return (
    <Box data-testid="drawer" sx={{ display: 'flex', flexDirection: 'column', minHeight: '100%', '& > *': { flexShrink: 0 } }}>
      <Toolbar sx={{ gap: 1 }}>
        <ShieldIcon color="primary" aria-hidden />
        <Typography variant="h6" component="div" sx={{ fontWeight: 700 }}>
          {t('app.productName', { product: PRODUCT_NAME_DEFAULT })}
        </Typography>
      </Toolbar>
      <Divider />
      {!isAdmin && (
        <Box sx={{ px: 1.5, pt: 1.5 }}>
          <Button
            fullWidth
            variant="contained"
            color="error"
            startIcon={<CampaignIcon />}
            onClick={() => {
              onNavigate?.();
              onEmergency();
            }}
            data-testid="emergency-button"
            sx={{ textTransform: 'none' }}
          >
            {t('shell.sendEmergency')}
          </Button>
        </Box>
      )}
      {session.RoleId === RoleId.Dealer && <OrgCard />}
      <MenuList items={menuForRole(session.RoleId)} onNavigate={onNavigate} />
      <Divider />
      {!isAdmin && <CallsSection session={session} onNavigate={onNavigate} />}
      <Box sx={{ flexGrow: 1 }} />
      <Stack sx={{ p: 2, gap: 0.5 }}>
        <InternetStatus />
        <Typography variant="caption" color="text.secondary">
          {t('app.copyright', { year: new Date().getFullYear(), product: PRODUCT_NAME_DEFAULT })}
        </Typography>
        <Typography variant="caption" color="text.secondary" data-testid="versions">
          {t('shell.versionWeb', { version: WEB_VERSION_LABEL })} ·{' '}
          {t('shell.versionAndroid', { version: cutVersion(MOBILE_VERSIONS.android) })} ·{' '}
          {t('shell.versionIos', { version: cutVersion(MOBILE_VERSIONS.ios) })}
        </Typography>
      </Stack>
    </Box>
  );
}

function CallsSection({ session, onNavigate }: { session: StoredSession; onNavigate?: (() => void) | undefined }) {
  const { t } = useTranslation();
  const videoUser = inRoleGroup(RoleGroup.Security, session.RoleId);
  const calls = useOpenCalls(videoUser && webRtcSupported());
  const callsListed = videoUser && (calls.data?.length ?? 0) > 0;
  if (!webRtcSupported()) {
    return (
      <Alert severity="warning" sx={{ m: 1.5 }} data-testid="unsupported-browser">
        <AlertTitle>{t('shell.unsupportedBrowserTitle')}</AlertTitle>
        {t('shell.unsupportedBrowserText')}
      </Alert>
    );
  }
  return (
    <>
      <IncomingCalls roleId={session.RoleId} onNavigate={onNavigate} />
      <IncomingChats roleId={session.RoleId} userId={session.UserId} onNavigate={onNavigate} othersListed={callsListed} />
    </>
  );
}
