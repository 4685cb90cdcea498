/** A board row's branch actions (spec §4: open, close, service, each with a confirmation prompt). */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, IconButton, Menu, MenuItem, Snackbar } from '@mui/material';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import { ConfirmDialog } from '../../../shared/components/ConfirmDialog';
import { useErrorText } from '../../../shared/api/use-error-text';
import { BRANCH_MODES, useSetBranchMode, type BranchMode } from '../api';

const MODE_KEYS = { OPEN: 'open', CLOSE: 'close', SERVICE: 'service' } as const;

export function BranchActionsMenu({ branchOfficeId, branchName }: { branchOfficeId: number; branchName: string }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [mode, setMode] = useState<BranchMode | null>(null);
  const setBranchMode = useSetBranchMode();
  const confirm = () => {
    if (!mode) return;
    setBranchMode.mutate({ branchOfficeId, mode }, { onSettled: () => setMode(null) });
  };
  return (
    <>
      <IconButton
        size="small"
        aria-label={t('branchMode.menu', { branch: branchName })}
        onClick={(e) => setAnchor(e.currentTarget)}
        data-testid="branch-actions"
      >
        <MoreVertIcon fontSize="small" />
      </IconButton>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {BRANCH_MODES.map((m) => (
          <MenuItem
            key={m}
            data-testid={`branch-mode-${MODE_KEYS[m]}`}
            onClick={() => {
              setMode(m);
              setAnchor(null);
            }}
          >
            {t(`branchMode.${MODE_KEYS[m]}`)}
          </MenuItem>
        ))}
      </Menu>
      <ConfirmDialog
        open={mode !== null}
        title={t('branchMode.confirmTitle')}
        text={mode ? t(`branchMode.confirm.${MODE_KEYS[mode]}`, { branch: branchName }) : ''}
        busy={setBranchMode.isPending}
        onConfirm={confirm}
        onClose={() => setMode(null)}
      />
      <Snackbar open={setBranchMode.isError} autoHideDuration={6000} onClose={() => setBranchMode.reset()}>
        <Alert severity="error" onClose={() => setBranchMode.reset()} data-testid="branch-mode-error">
          {setBranchMode.error ? errorText(setBranchMode.error, 'errors.updatingBranchMode') : ''}
        </Alert>
      </Snackbar>
    </>
  );
}
