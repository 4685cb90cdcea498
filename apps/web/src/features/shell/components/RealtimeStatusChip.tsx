/** Live status of the real-time channel in the top bar: Live / Catching up / Disconnected. */
import { useTranslation } from '../../../shared/i18n/translator';
import { Chip } from '@mui/material';
import { keyframes } from '@mui/material/styles';
import CircleIcon from '@mui/icons-material/Circle';
import { useRealtimeStatus } from '../../../realtime/use-realtime-status';

const pulse = keyframes`
  0%, 100% { opacity: 1; }
  50% { opacity: 0.3; }
`;

const COLORS = { live: '#66bb6a', 'catching-up': '#ffa726', disconnected: '#ef5350' } as const;
const LABELS = { live: 'realtime.live', 'catching-up': 'realtime.catchingUp', disconnected: 'realtime.disconnected' } as const;

export function RealtimeStatusChip() {
  const { t } = useTranslation();
  const status = useRealtimeStatus();
  return (
    <Chip
      size="small"
      role="status"
      aria-label={t('realtime.label')}
      data-testid="realtime-status"
      data-state={status}
      icon={
        <CircleIcon
          sx={{
            fontSize: 12,
            color: `${COLORS[status]} !important`,
            animation: status === 'live' ? 'none' : `${pulse} 1.2s ease-in-out infinite`,
          }}
        />
      }
      label={t(LABELS[status])}
      sx={{ color: 'inherit', borderColor: 'rgba(255,255,255,0.5)' }}
      variant="outlined"
    />
  );
}
