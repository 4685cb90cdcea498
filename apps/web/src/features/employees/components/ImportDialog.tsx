/**
 * The employee CSV import (spec §5 Employee import): choose a file, see every bad row (preview),
 * import only a clean file.
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
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import type { ImportResult } from '@vigil/contract';
import { useErrorText } from '../../../shared/api/use-error-text';
import type { OrgScope } from '../../../shared/organization/org-scope';
import { useImportEmployees } from '../api';

/** The CSV import: choose a file, see every bad row (preview), import only a clean file. */
export function ImportDialog({ open, onClose, scope }: { open: boolean; onClose: () => void; scope: OrgScope }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const save = useImportEmployees(scope);
  const [csv, setCsv] = useState<string | null>(null);
  const [preview, setPreview] = useState<ImportResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const reset = () => {
    setCsv(null);
    setPreview(null);
    setError(null);
    setDone(null);
  };
  const choose = async (file: File | undefined) => {
    reset();
    if (!file) return;
    const text = await file.text();
    setCsv(text);
    try {
      setPreview(await save.mutateAsync({ csv: text, preview: true }));
    } catch (e) {
      setError(errorText(e));
    }
  };
  const runImport = async () => {
    if (csv === null) return;
    setError(null);
    try {
      const r = await save.mutateAsync({ csv, preview: false });
      setDone(t('management.messages.employeesImported', { count: r.imported }));
      setPreview(null);
      setCsv(null);
    } catch (e) {
      setError(errorText(e));
    }
  };
  const clean = !!preview && preview.errors.length === 0 && preview.rows > 0;
  return (
    <Dialog
      open={open}
      onClose={() => {
        reset();
        onClose();
      }}
      maxWidth="md"
      fullWidth
      data-testid="employee-import-dialog"
    >
      <DialogTitle>{t('management.import.title')}</DialogTitle>
      <DialogContent>
        <Stack sx={{ gap: 2, pt: 1 }}>
          <Typography variant="body2" color="text.secondary">
            {t('management.import.columnsHelp')}
          </Typography>
          <Button component="label" variant="outlined" startIcon={<UploadFileIcon />} sx={{ alignSelf: 'flex-start' }}>
            {t('management.import.chooseFile')}
            <input
              hidden
              type="file"
              accept=".csv,text/csv"
              data-testid="employee-import-file"
              onChange={(e) => {
                void choose(e.target.files?.[0]);
                e.target.value = '';
              }}
            />
          </Button>
          {error && (
            <Alert severity="error" data-testid="employee-import-error">
              {error}
            </Alert>
          )}
          {done && (
            <Alert severity="success" data-testid="employee-import-done">
              {done}
            </Alert>
          )}
          {clean && (
            <Alert severity="success" data-testid="employee-import-clean">
              {t('management.import.clean', { count: preview.rows })}
            </Alert>
          )}
          {preview && preview.errors.length > 0 && (
            <>
              <Alert severity="warning">{t('management.import.rowsWithErrors', { count: preview.errors.length })}</Alert>
              <Table size="small" data-testid="employee-import-errors">
                <TableHead>
                  <TableRow>
                    <TableCell>{t('management.import.line')}</TableCell>
                    <TableCell>{t('management.import.messages')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {preview.errors.map((r) => (
                    <TableRow key={r.Line}>
                      <TableCell>{r.Line}</TableCell>
                      <TableCell>{r.Errors.map((x) => x.message).join('; ')}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button
          onClick={() => {
            reset();
            onClose();
          }}
        >
          {t('common.cancel')}
        </Button>
        <Button
          variant="contained"
          disabled={!clean || save.isPending}
          onClick={() => void runImport()}
          data-testid="employee-import-submit"
        >
          {t('management.import.import')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
