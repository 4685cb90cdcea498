/** Internet status line (spec §2 Shell): Connected / Disconnected, blinking icon when offline. */
import { useSyncExternalStore } from 'react';
import { useTranslation } from '../../../shared/i18n/translator';
import { Stack, Typography } from '@mui/material';
import { keyframes } from '@mui/material/styles';
import WifiIcon from '@mui/icons-material/Wifi';
import WifiOffIcon from '@mui/icons-material/WifiOff';

const blink = keyframes`
  0%, 100% { opacity: 1; }
  50% { opacity: 0.15; }
`;

function subscribe(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}
const getOnline = () => navigator.onLine;

export function useOnlineStatus(): boolean {
  return useSyncExternalStore(subscribe, getOnline, () => true);
}

export function InternetStatus() {
  const { t } = useTranslation();
  const online = useOnlineStatus();
  return (
    <Stack
      direction="row"
      sx={{ alignItems: 'center', gap: 1 }}
      data-testid="internet-status"
      data-online={online ? 'true' : 'false'}
      role="status"
    >
      {online ? (
        <WifiIcon fontSize="small" sx={{ color: 'success.main' }} />
      ) : (
        <WifiOffIcon
          fontSize="small"
          sx={{ color: 'error.main', animation: `${blink} 1s ease-in-out infinite` }}
          data-testid="internet-offline-icon"
        />
      )}
      <Typography variant="body2">
        {t('shell.internet')}: <strong>{online ? t('shell.connected') : t('shell.disconnected')}</strong>
      </Typography>
    </Stack>
  );
}
