/**
 * The live video of /video/[id] (issue 15): the caller's video large (with its sound), this
 * console's camera small in a corner, and the microphone and camera switches. While the console
 * does not hold the call, or the connection is not up yet, the area says why. When the browser
 * refuses to play sound without a click (a reload), a button starts it.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translator';
import { Box, Button, Paper, Stack, Tooltip, Typography } from '@mui/material';
import MicIcon from '@mui/icons-material/Mic';
import MicOffIcon from '@mui/icons-material/MicOff';
import VideocamIcon from '@mui/icons-material/Videocam';
import VideocamOffIcon from '@mui/icons-material/VideocamOff';
import VolumeUpIcon from '@mui/icons-material/VolumeUp';
import type { CallMedia } from '../use-call-media';

/** Plays `stream` in a video element (muted: no sound, for the console's own camera). */
function useStreamElement(stream: MediaStream | null, muted: boolean, onBlocked?: () => void) {
  const ref = useRef<HTMLVideoElement>(null);
  const blocked = useRef(onBlocked);
  useEffect(() => {
    blocked.current = onBlocked;
  }, [onBlocked]);
  useEffect(() => {
    const v = ref.current;
    if (!v) return;
    v.srcObject = stream;
    v.muted = muted;
    if (stream)
      v.play().catch(() => {
        // Sound needs a user gesture (e.g. after a reload): play muted, offer the button.
        if (muted) return;
        v.muted = true;
        void v.play().catch(() => undefined);
        blocked.current?.();
      });
  }, [stream, muted]);
  return ref;
}

export function CallVideo({ media, holding }: { media: CallMedia; holding: boolean }) {
  const { t } = useTranslation();
  const [blocked, setBlocked] = useState(false);
  const remoteRef = useStreamElement(media.remote, false, () => setBlocked(true));
  const localRef = useStreamElement(media.hasCamera ? media.local : null, true);
  const live = holding && media.state === 'connected' && media.remote != null;
  const message = !holding
    ? t('calls.media.notHolding')
    : media.state === 'unsupported'
      ? t('calls.media.unsupported')
      : media.state === 'failed'
        ? media.error
          ? t('calls.media.refused', { reason: media.error })
          : t('calls.media.failed')
        : live
          ? null
          : t('calls.media.connecting');

  return (
    <Stack sx={{ gap: 1 }}>
      <Paper
        variant="outlined"
        sx={{ position: 'relative', aspectRatio: '4 / 3', bgcolor: 'grey.900', color: 'grey.300', overflow: 'hidden' }}
        data-testid="call-video-area"
        data-media={holding ? media.state : 'idle'}
        data-audio-in={media.stats.audioBytesIn}
        data-frames-in={media.stats.videoFramesIn}
        data-packets-in={media.stats.packetsIn}
        data-packets-lost={media.stats.packetsLost}
      >
        <Box
          component="video"
          ref={remoteRef}
          autoPlay
          playsInline
          aria-label={t('calls.media.callerVideo')}
          data-testid="call-video"
          sx={{ width: '100%', height: '100%', objectFit: 'contain', display: live ? 'block' : 'none' }}
        />
        {message && (
          <Box sx={{ position: 'absolute', inset: 0, display: 'flex', alignItems: 'center', justifyContent: 'center', p: 2 }}>
            <Typography variant="body2" sx={{ textAlign: 'center' }} data-testid="call-video-message" role="status">
              {message}
            </Typography>
          </Box>
        )}
        {holding && media.hasCamera && (
          <Box
            component="video"
            ref={localRef}
            autoPlay
            playsInline
            muted
            aria-label={t('calls.media.you')}
            data-testid="call-video-local"
            sx={{
              position: 'absolute',
              right: 8,
              bottom: 8,
              width: '24%',
              aspectRatio: '4 / 3',
              objectFit: 'cover',
              border: 1,
              borderColor: 'grey.600',
              borderRadius: 1,
              bgcolor: 'grey.800',
              visibility: media.cameraOff ? 'hidden' : 'visible',
            }}
          />
        )}
      </Paper>
      {holding && media.state !== 'unsupported' && (
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
          <Tooltip title={media.hasMicrophone ? '' : t('calls.media.noMicrophone')}>
            <span>
              <Button
                size="small"
                variant={media.micMuted ? 'contained' : 'outlined'}
                color={media.micMuted ? 'warning' : 'primary'}
                startIcon={media.micMuted || !media.hasMicrophone ? <MicOffIcon /> : <MicIcon />}
                onClick={media.toggleMic}
                disabled={!media.hasMicrophone}
                aria-pressed={media.micMuted}
                data-testid="call-mic"
              >
                {media.micMuted ? t('calls.media.unmute') : t('calls.media.mute')}
              </Button>
            </span>
          </Tooltip>
          <Tooltip title={media.hasCamera ? '' : t('calls.media.noCamera')}>
            <span>
              <Button
                size="small"
                variant={media.cameraOff ? 'contained' : 'outlined'}
                color={media.cameraOff ? 'warning' : 'primary'}
                startIcon={media.cameraOff || !media.hasCamera ? <VideocamOffIcon /> : <VideocamIcon />}
                onClick={media.toggleCamera}
                disabled={!media.hasCamera}
                aria-pressed={media.cameraOff}
                data-testid="call-camera"
              >
                {media.cameraOff ? t('calls.media.cameraOn') : t('calls.media.cameraOff')}
              </Button>
            </span>
          </Tooltip>
          {blocked && (
            <Button
              size="small"
              variant="contained"
              startIcon={<VolumeUpIcon />}
              onClick={() => {
                const v = remoteRef.current;
                if (!v) return;
                v.muted = false;
                void v.play().then(() => setBlocked(false));
              }}
              data-testid="call-sound"
            >
              {t('calls.media.soundBlocked')}
            </Button>
          )}
        </Stack>
      )}
    </Stack>
  );
}
