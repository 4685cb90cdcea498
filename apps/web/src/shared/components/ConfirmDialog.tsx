/** Yes/no confirmation (spec §2 Shared widgets: confirm dialog). */
import { useTranslation } from '../i18n/translator';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  text: string;
  busy?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

export function ConfirmDialog({ open, title, text, busy, onConfirm, onClose }: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="confirm-title" data-testid="confirm-dialog">
      <DialogTitle id="confirm-title">{title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{text}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="confirm-no">
          {t('app.no')}
        </Button>
        <Button variant="contained" onClick={onConfirm} disabled={busy} data-testid="confirm-yes" autoFocus>
          {t('app.yes')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
