/**
 * ENS message templates of the organisation (spec §3 ENS message template; §7
 * manageensmessagetemplates), for organisation admins (roles 2 and 12; a dealer the selected
 * organisation): list, add, edit, delete. Errors show the server's description.
 */
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translator';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  List,
  ListItem,
  ListItemText,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import type { EnsMessageTemplate } from '@vigil/contract';
import { useErrorText } from '../../../shared/api/use-error-text';
import { useOrgScope } from '../../../shared/organization/org-scope';
import { useOrganizationTemplates, useSaveTemplate } from '../api';

export function EnsTemplatesDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { scope, ready } = useOrgScope();
  const templates = useOrganizationTemplates(scope.organizationId, open && ready);
  const save = useSaveTemplate();
  const [editing, setEditing] = useState<EnsMessageTemplate | 'new' | null>(null);
  const [shortMsg, setShortMsg] = useState('');
  const [description, setDescription] = useState('');

  const edit = (tpl: EnsMessageTemplate | 'new') => {
    setEditing(tpl);
    setShortMsg(tpl === 'new' ? '' : tpl.ShortMsg);
    setDescription(tpl === 'new' ? '' : tpl.Description);
  };
  const submit = () => {
    const values = { ShortMsg: shortMsg.trim(), Description: description.trim() };
    save.mutate(
      editing === 'new'
        ? { case: 'ADD-ENS-MESSAGE-TEMPLATE', organizationId: scope.organizationId, ...values }
        : { case: 'UPDATE-ENS-MESSAGE-TEMPLATE', MessageTemplateId: (editing as EnsMessageTemplate).MessageTemplateId, ...values },
      { onSuccess: () => setEditing(null) },
    );
  };

  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth data-testid="ens-templates">
      <DialogTitle>{t('ens.templates.title')}</DialogTitle>
      <DialogContent dividers>
        <Stack sx={{ gap: 2 }}>
          {save.isError && <Alert severity="error">{errorText(save.error)}</Alert>}
          {templates.isError && <Alert severity="error">{errorText(templates.error)}</Alert>}
          {editing ? (
            <Stack sx={{ gap: 2 }}>
              <TextField
                label={t('ens.templates.shortMsg')}
                value={shortMsg}
                onChange={(e) => setShortMsg(e.target.value)}
                size="small"
                slotProps={{ htmlInput: { maxLength: 120, 'data-testid': 'ens-template-short' } }}
              />
              <TextField
                label={t('ens.templates.description')}
                value={description}
                onChange={(e) => setDescription(e.target.value)}
                multiline
                minRows={3}
                size="small"
                slotProps={{ htmlInput: { maxLength: 2000, 'data-testid': 'ens-template-description' } }}
              />
              <Stack direction="row" sx={{ gap: 1, justifyContent: 'flex-end' }}>
                <Button onClick={() => setEditing(null)}>{t('ens.templates.cancel')}</Button>
                <Button
                  variant="contained"
                  onClick={submit}
                  disabled={!shortMsg.trim() || !description.trim() || save.isPending}
                  data-testid="ens-template-save"
                >
                  {t('ens.templates.save')}
                </Button>
              </Stack>
            </Stack>
          ) : (
            <>
              {(templates.data ?? []).length === 0 ? (
                <Typography color="text.secondary">{t('ens.templates.empty')}</Typography>
              ) : (
                <List dense>
                  {(templates.data ?? []).map((tpl) => (
                    <ListItem
                      key={tpl.MessageTemplateId}
                      data-testid="ens-template"
                      secondaryAction={
                        <>
                          <IconButton aria-label={t('ens.templates.edit')} onClick={() => edit(tpl)}>
                            <EditIcon fontSize="small" />
                          </IconButton>
                          <IconButton
                            aria-label={t('ens.templates.delete')}
                            onClick={() => {
                              if (window.confirm(t('ens.templates.confirmDelete', { name: tpl.ShortMsg })))
                                save.mutate({ case: 'DELETE-ENS-MESSAGE-TEMPLATE', MessageTemplateId: tpl.MessageTemplateId });
                            }}
                          >
                            <DeleteIcon fontSize="small" />
                          </IconButton>
                        </>
                      }
                    >
                      <ListItemText primary={tpl.ShortMsg} secondary={tpl.Description} />
                    </ListItem>
                  ))}
                </List>
              )}
              <Button variant="outlined" onClick={() => edit('new')} sx={{ alignSelf: 'flex-start' }} data-testid="ens-template-add">
                {t('ens.templates.add')}
              </Button>
            </>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('ens.detail.back')}</Button>
      </DialogActions>
    </Dialog>
  );
}
