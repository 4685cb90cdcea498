import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translator';
import { Alert, IconButton, Menu, MenuItem, Snackbar } from '@mui/material';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import { ConfirmDialog } from '../../../shared/components/ConfirmDialog';
import { useErrorText } from '../../../shared/api/use-error-text';
import { BRANCH_MODES, useSetBranchMode, type BranchMode } from '../api';

const MODE_KEYS = { OPEN: 'open', CLOSE: 'close', SERVICE: 'service' } as const;

/**
 * A board row's branch actions (spec §4: open, close, service, each with a confirmation prompt).
 * The row holds only the menu button; the menu, the confirmation, the error and the mutation are
 * mounted when the button is first used (issue 20: a board draws dozens of rows at once, each of
 * them would otherwise build a closed menu, dialog and snackbar), and stay mounted from then on.
 */
export function BranchActionsMenu({ branchOfficeId, branchName }: { branchOfficeId: number; branchName: string }) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [used, setUsed] = useState(false);
  return (
    <>
      <IconButton
        size="small"
        aria-label={t('branchMode.menu', { branch: branchName })}
        onClick={(e) => {
          setAnchor(e.currentTarget);
          setUsed(true);
        }}
        data-testid="branch-actions"
      >
        <MoreVertIcon fontSize="small" />
      </IconButton>
      {used && (
        <BranchActions branchOfficeId={branchOfficeId} branchName={branchName} anchor={anchor} onMenuClose={() => setAnchor(null)} />
      )}
    </>
  );
}

interface BranchActionsProps {
  branchOfficeId: number;
  branchName: string;
  /** The menu button while the menu is open, else null. */
  anchor: HTMLElement | null;
  onMenuClose: () => void;
}

/** The menu of modes, the confirmation prompt and the error of a row's branch actions. */
function BranchActions({ branchOfficeId, branchName, anchor, onMenuClose }: BranchActionsProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [mode, setMode] = useState<BranchMode | null>(null);
  const setBranchMode = useSetBranchMode();
  const confirm = () => {
    if (!mode) return;
    setBranchMode.mutate({ branchOfficeId, mode }, { onSettled: () => setMode(null) });
  };
  return (
    <>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={onMenuClose}>
        {BRANCH_MODES.map((m) => (
          <MenuItem
            key={m}
            data-testid={`branch-mode-${MODE_KEYS[m]}`}
            onClick={() => {
              setMode(m);
              onMenuClose();
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
