/** Once per shift (browser session): ask the user to enable the alarm sound (browsers need a gesture). */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button } from '@mui/material';
import { disableSound, enableSound, soundAsked } from '../../../shared/sound/alert-sound';
import { useSoundState } from '../../../shared/sound/use-sound';

export function SoundEnableBanner() {
  const { t } = useTranslation();
  const state = useSoundState();
  const [asked, setAsked] = useState(soundAsked);
  if (asked || state === 'on') return null;
  return (
    <Alert
      severity="info"
      sx={{ mb: 2 }}
      data-testid="sound-banner"
      action={
        <>
          <Button
            color="inherit"
            size="small"
            onClick={() => {
              disableSound();
              setAsked(true);
            }}
            data-testid="sound-dismiss"
          >
            {t('sound.notNow')}
          </Button>
          <Button
            variant="contained"
            size="small"
            onClick={() => {
              void enableSound();
              setAsked(true);
            }}
            data-testid="sound-enable"
          >
            {t('sound.enable')}
          </Button>
        </>
      }
    >
      {t('sound.prompt')}
    </Alert>
  );
}
