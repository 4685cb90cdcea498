/** A dialog whose content is the not-available panel (Emergency notification, Console for now). */
import { useTranslation } from '../i18n/translator';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { NotAvailablePanel } from './NotAvailablePanel';

export interface PlaceholderDialogProps {
  open: boolean;
  onClose: () => void;
  /** Key under `screens.` */
  screen: string;
  /** Paper width in px. */
  widthPx?: number;
  testId?: string;
}

export function PlaceholderDialog({ open, onClose, screen, widthPx, testId }: PlaceholderDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      maxWidth={false}
      slotProps={{
        paper: { sx: { width: widthPx ?? 600, maxWidth: 'calc(100% - 32px)' }, 'data-testid': testId } as Record<string, unknown>,
      }}
    >
      <DialogTitle>{t(`screens.${screen}`)}</DialogTitle>
      <DialogContent>
        <NotAvailablePanel screen={screen} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
