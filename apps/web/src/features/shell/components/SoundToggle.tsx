/** Alarm sound indicator and toggle in the top bar (on: the tone can play). */
import { useTranslation } from '../../../shared/i18n/translator';
import { IconButton, Tooltip } from '@mui/material';
import VolumeUpIcon from '@mui/icons-material/VolumeUp';
import VolumeOffIcon from '@mui/icons-material/VolumeOff';
import { disableSound, enableSound } from '../../../shared/sound/alert-sound';
import { useSoundState } from '../../../shared/sound/use-sound';

export function SoundToggle() {
  const { t } = useTranslation();
  const state = useSoundState();
  const label = state === 'on' ? t('sound.turnOff') : t('sound.turnOn');
  return (
    <Tooltip title={label}>
      <IconButton
        color="inherit"
        aria-label={label}
        aria-pressed={state === 'on'}
        data-testid="sound-status"
        data-state={state}
        onClick={() => (state === 'on' ? disableSound() : void enableSound())}
      >
        {state === 'on' ? <VolumeUpIcon /> : <VolumeOffIcon />}
      </IconButton>
    </Tooltip>
  );
}
