/**
 * The emergency notification dialog (spec §2 Shell, 900 px; §5 at least one employee; §6 who
 * chooses what; §8 send failure in an error snackbar). Security users (roles 5, 8) choose client,
 * then region, then location; branch managers (6) send for their own branch and choose none;
 * others choose region and location in their scope. A template fills the editable description;
 * the branch's employees are listed with search and select-all; Send stays disabled until one is
 * chosen. Opened for a known branch (the incident view), the client, region and location start
 * chosen (`branch`) and can still be changed.
 */
import { useMemo, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translator';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import {
  EMERGENCY_DIALOG_WIDTH_PX,
  RoleGroup,
  RoleId,
  USER_SELECT_DELAY_MS,
  USER_SELECT_MAX_HEIGHT_PX,
  inRoleGroup,
} from '@vigil/contract';
import { NotificationAlert } from '../../../shared/components/NotificationAlert';
import { useShownAfter } from '../../../shared/layout/use-layout';
import { Loading } from '../../../shared/components/Loading';
import { useErrorText } from '../../../shared/api/use-error-text';
import { useBranchEmployees, useBranchTemplates, useEnsBranches, useSendEmergency } from '../api';

interface Props {
  open: boolean;
  onClose: () => void;
  roleId: number;
  userId: number;
  /** The branch chosen when the dialog opens (the incident view); none from the shell's button. */
  branch?: { OrganizationId: number; RegionalOfficeId: number | null; BranchOfficeId: number } | undefined;
}

/** Distinct {value,label} options, by label. */
function distinct(list: { value: number; label: string }[]) {
  const seen = new Map<number, string>();
  for (const o of list) if (!seen.has(o.value)) seen.set(o.value, o.label);
  return [...seen].map(([value, label]) => ({ value, label })).sort((a, b) => a.label.localeCompare(b.label));
}

export function EnsDialog({ open, onClose, roleId, userId, branch: preset }: Props) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const security = inRoleGroup(RoleGroup.Security, roleId);
  const branchManager = roleId === RoleId.BranchManager;
  const branches = useEnsBranches(open);
  const [clientId, setClientId] = useState<number | ''>(preset?.OrganizationId ?? '');
  const [regionId, setRegionId] = useState<number | ''>(preset?.RegionalOfficeId ?? '');
  const [chosenBranch, setChosenBranch] = useState<number | ''>(preset?.BranchOfficeId ?? '');
  const [templateId, setTemplateId] = useState<number | ''>('');
  const [message, setMessage] = useState('');
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const listShown = useShownAfter(USER_SELECT_DELAY_MS, open);
  const [snack, setSnack] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);
  const send = useSendEmergency();

  const all = branches.data ?? [];
  const clients = distinct(all.map((b) => ({ value: b.OrganizationId, label: b.OrganizationName })));
  const inClient = security ? all.filter((b) => b.OrganizationId === clientId) : all;
  const regions = distinct(
    inClient.filter((b) => b.RegionalOfficeId != null).map((b) => ({ value: b.RegionalOfficeId!, label: b.RegionalOfficeName ?? '' })),
  );
  const locations = inClient
    .filter((b) => regionId === '' || b.RegionalOfficeId === regionId)
    .map((b) => ({ value: b.BranchOfficeId, label: b.Name }))
    .sort((a, b) => a.label.localeCompare(b.label));
  // A branch manager sends for their own branch (the one in scope).
  const branchId = branchManager ? (all[0]?.BranchOfficeId ?? null) : chosenBranch === '' ? null : chosenBranch;
  const branch = all.find((b) => b.BranchOfficeId === branchId);
  const templates = useBranchTemplates(branchId);
  const employees = useBranchEmployees(branchId);

  const visible = useMemo(() => {
    const q = search.trim().toLowerCase();
    return (employees.data ?? []).filter((e) => !q || `${e.Name} ${e.Surname} ${e.Email} ${e.PhoneNumber ?? ''}`.toLowerCase().includes(q));
  }, [employees.data, search]);
  const allVisibleSelected = visible.length > 0 && visible.every((e) => selected.has(e.UserId));

  const reset = () => {
    setClientId(preset?.OrganizationId ?? '');
    setRegionId(preset?.RegionalOfficeId ?? '');
    setChosenBranch(preset?.BranchOfficeId ?? '');
    setTemplateId('');
    setMessage('');
    setSearch('');
    setSelected(new Set());
  };
  const close = () => {
    reset();
    onClose();
  };
  const toggle = (id: number) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const toggleAll = () =>
    setSelected((s) => {
      const next = new Set(s);
      for (const e of visible) {
        if (allVisibleSelected) next.delete(e.UserId);
        else next.add(e.UserId);
      }
      return next;
    });

  const canSend = branchId !== null && selected.size > 0 && message.trim().length > 0 && !send.isPending;
  const onSend = () => {
    if (!branch) return;
    send.mutate(
      {
        case: 'NOTIFY-EMEGREGENCY',
        organizationId: branch.OrganizationId,
        regionId: branch.RegionalOfficeId,
        branchId: branch.BranchOfficeId,
        fromUserId: userId,
        toUsersId: `{${[...selected].join(',')}}`,
        message: message.trim(),
        notificationMethod: 'ALL',
        msgtemplateid: templateId === '' ? null : templateId,
      },
      {
        onSuccess: ({ description }) => {
          setSnack({ severity: 'success', text: description });
          close();
        },
        onError: (err) => setSnack({ severity: 'error', text: errorText(err) }),
      },
    );
  };

  const select = (
    label: string,
    value: number | '',
    options: { value: number; label: string }[],
    onChange: (v: number | '') => void,
    testId: string,
    disabled = false,
  ) => (
    <TextField
      select
      size="small"
      label={label}
      // A chosen value waits for its options (a preset branch before the list has loaded).
      value={options.some((o) => o.value === value) ? value : ''}
      disabled={disabled}
      onChange={(e) => onChange(e.target.value === '' ? '' : Number(e.target.value))}
      sx={{ flex: 1, minWidth: 0 }}
      slotProps={{ htmlInput: { 'data-testid': testId } }}
    >
      {options.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );

  return (
    <>
      <Dialog
        open={open}
        onClose={close}
        maxWidth={false}
        slotProps={{ paper: { sx: { width: EMERGENCY_DIALOG_WIDTH_PX, maxWidth: 'calc(100% - 32px)' } } }}
        data-testid="emergency-dialog"
      >
        <DialogTitle>{t('ens.dialog.title')}</DialogTitle>
        <DialogContent dividers>
          <Stack sx={{ gap: 2 }}>
            {!branchManager && (
              <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2 }}>
                {security &&
                  select(
                    t('ens.dialog.client'),
                    clientId,
                    clients,
                    (v) => {
                      setClientId(v);
                      setRegionId('');
                      setChosenBranch('');
                      setSelected(new Set());
                    },
                    'ens-client',
                  )}
                {select(
                  t('ens.dialog.region'),
                  regionId,
                  regions,
                  (v) => {
                    setRegionId(v);
                    setChosenBranch('');
                    setSelected(new Set());
                  },
                  'ens-region',
                  security && clientId === '',
                )}
                {select(
                  t('ens.dialog.location'),
                  chosenBranch,
                  locations,
                  (v) => {
                    setChosenBranch(v);
                    setTemplateId('');
                    setSelected(new Set());
                  },
                  'ens-location',
                  (security && clientId === '') || (regions.length > 0 && regionId === ''),
                )}
              </Stack>
            )}
            {branchManager && branch && (
              <Typography variant="subtitle2" data-testid="ens-branch-name">
                {t('ens.dialog.location')}: {branch.Name}
              </Typography>
            )}
            {select(
              t('ens.dialog.template'),
              templateId,
              (templates.data ?? []).map((x) => ({ value: x.MessageTemplateId, label: x.ShortMsg })),
              (v) => {
                setTemplateId(v);
                const tpl = templates.data?.find((x) => x.MessageTemplateId === v);
                if (tpl) setMessage(tpl.Description);
              },
              'ens-template',
              branchId === null,
            )}
            <TextField
              label={t('ens.dialog.description')}
              value={message}
              onChange={(e) => setMessage(e.target.value)}
              multiline
              minRows={3}
              size="small"
              slotProps={{ htmlInput: { 'data-testid': 'ens-message', maxLength: 2000 } }}
            />
            <Box>
              <Stack direction="row" sx={{ alignItems: 'center', gap: 2, mb: 1 }}>
                <Typography variant="subtitle2" sx={{ flexGrow: 1 }}>
                  {t('ens.dialog.employees')} · {t('ens.dialog.selected', { count: selected.size })}
                </Typography>
                <TextField
                  size="small"
                  placeholder={t('ens.dialog.search')}
                  value={search}
                  onChange={(e) => setSearch(e.target.value)}
                  disabled={branchId === null}
                  slotProps={{ htmlInput: { 'data-testid': 'ens-search', 'aria-label': t('ens.dialog.search') } }}
                />
                <FormControlLabel
                  control={
                    <Checkbox
                      checked={allVisibleSelected}
                      onChange={toggleAll}
                      disabled={visible.length === 0}
                      data-testid="ens-select-all"
                    />
                  }
                  label={t('ens.dialog.selectAll')}
                />
              </Stack>
              {branchId === null ? (
                <Alert severity="info">{t('ens.dialog.chooseLocation')}</Alert>
              ) : !listShown ? (
                // The user-selection list appears 500 ms after load (spec §9).
                <Loading />
              ) : visible.length === 0 && !employees.isLoading ? (
                <Alert severity="info">{t('ens.dialog.noEmployees')}</Alert>
              ) : (
                <List
                  dense
                  sx={{ maxHeight: USER_SELECT_MAX_HEIGHT_PX, overflow: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }}
                  data-testid="ens-employees"
                >
                  {visible.map((e) => (
                    <ListItem key={e.UserId} disablePadding>
                      <ListItemButton onClick={() => toggle(e.UserId)} data-testid={`ens-employee-${e.UserId}`}>
                        <ListItemIcon sx={{ minWidth: 36 }}>
                          <Checkbox edge="start" checked={selected.has(e.UserId)} tabIndex={-1} disableRipple size="small" />
                        </ListItemIcon>
                        <ListItemText
                          primary={`${e.Name} ${e.Surname}`}
                          secondary={`${e.RoleNameDisplay} · ${e.Email}${e.PhoneNumber ? ` · ${e.PhoneNumber}` : ''}`}
                        />
                      </ListItemButton>
                    </ListItem>
                  ))}
                </List>
              )}
            </Box>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{t('ens.dialog.cancel')}</Button>
          <Button variant="contained" color="error" disabled={!canSend} onClick={onSend} data-testid="ens-send">
            {t('ens.dialog.send')}
          </Button>
        </DialogActions>
      </Dialog>
      <NotificationAlert message={snack} onClose={() => setSnack(null)} testId={snack ? `ens-snackbar-${snack.severity}` : undefined} />
    </>
  );
}
