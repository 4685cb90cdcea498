/**
 * The alarm sound control of the top bar (issue 13: the prompt must not eat the page). Once per
 * shift (browser session), until it is answered, a compact prompt — "Enable sound" and "Not now",
 * the full explanation as its tooltip and accessible description — asks the user to enable the
 * alarm sound (browsers need a gesture); once answered (or while the sound is on) the on/off
 * toggle (SoundToggle) takes its place.
 */
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translator';
import { Box, Button, IconButton, Tooltip } from '@mui/material';
import VolumeUpIcon from '@mui/icons-material/VolumeUp';
import CloseIcon from '@mui/icons-material/Close';
import { disableSound, enableSound, soundAsked } from '../../../shared/sound/alert-sound';
import { useSoundState } from '../../../shared/sound/use-sound';
import { SoundToggle } from './SoundToggle';

export function SoundControl() {
  const { t } = useTranslation();
  const state = useSoundState();
  const [asked, setAsked] = useState(soundAsked);
  if (asked || state === 'on') return <SoundToggle />;
  return (
    <Box
      role="group"
      aria-label={t('sound.prompt')}
      data-testid="sound-banner"
      sx={{ display: 'flex', alignItems: 'center', border: 1, borderColor: 'rgba(255,255,255,0.6)', borderRadius: 1, pl: 0.5 }}
    >
      <Tooltip title={t('sound.prompt')}>
        <Button
          color="inherit"
          size="small"
          startIcon={<VolumeUpIcon />}
          onClick={() => {
            void enableSound();
            setAsked(true);
          }}
          data-testid="sound-enable"
          aria-label={t('sound.enable')}
          sx={{ textTransform: 'none', whiteSpace: 'nowrap', '& .MuiButton-startIcon': { mr: { xs: 0, sm: 1 } } }}
        >
          <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
            {t('workspace.sound.enable')}
          </Box>
        </Button>
      </Tooltip>
      <Tooltip title={t('sound.notNow')}>
        <IconButton
          color="inherit"
          size="small"
          aria-label={t('sound.notNow')}
          onClick={() => {
            disableSound();
            setAsked(true);
          }}
          data-testid="sound-dismiss"
        >
          <CloseIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    </Box>
  );
}
