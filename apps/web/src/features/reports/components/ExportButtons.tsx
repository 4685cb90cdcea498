/**
 * CSV and XLSX export of exactly the filtered rows (spec §7 "format (csv returns a file)"). A long
 * export shows its progress (while the server counts the rows, then rows of the total for CSV,
 * kilobytes for XLSX) and can be cancelled (AbortController: the download stops and the server
 * closes its cursor).
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translator';
import { Alert, Button, LinearProgress, Stack, Typography } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { saveBlob, type DownloadProgress, type DownloadedFile } from '../../../shared/api/download';
import type { ReportDownload } from '../api';
import { ApiError } from '../../../shared/api/client';

export interface ExportButtonsProps {
  /** Downloads the report with the screen's filters (its ReportSource's download for the current frame). */
  download: (opts: ReportDownload) => Promise<DownloadedFile>;
  /** Catalogue key of the report's failure text (spec §8). */
  errorKey: string;
  errorVars?: Record<string, string>;
}

export function ExportButtons({ download, errorKey, errorVars }: ExportButtonsProps) {
  const { t } = useTranslation();
  const [progress, setProgress] = useState<(DownloadProgress & { format: 'csv' | 'xlsx' }) | null>(null);
  const [message, setMessage] = useState<{ severity: 'error' | 'info'; text: string } | null>(null);
  const abort = useRef<AbortController | null>(null);
  // Leaving the screen cancels a running export.
  useEffect(() => () => abort.current?.abort(), []);

  const start = async (format: 'csv' | 'xlsx') => {
    const controller = new AbortController();
    abort.current = controller;
    setMessage(null);
    setProgress({ rows: 0, bytes: 0, total: null, format });
    try {
      const file = await download({ format, onProgress: (p) => setProgress({ ...p, format }), signal: controller.signal });
      saveBlob(file.name, file.blob);
    } catch (e) {
      if (e instanceof DOMException && e.name === 'AbortError') setMessage({ severity: 'info', text: t('reports.export.cancelled') });
      else if (e instanceof ApiError && e.status === 400 && e.description) setMessage({ severity: 'error', text: e.description });
      else setMessage({ severity: 'error', text: `${t(errorKey, errorVars)}. ${t('reports.export.failed')}` });
    } finally {
      abort.current = null;
      setProgress(null);
    }
  };

  const progressText = (p: DownloadProgress & { format: 'csv' | 'xlsx' }) => {
    if (p.total === null) return t('reports.export.preparing');
    if (p.format === 'csv') return t('reports.export.progress', { rows: p.rows, total: p.total });
    return t('reports.export.progressBytes', { kb: Math.round(p.bytes / 1024) });
  };

  return (
    <Stack sx={{ gap: 0.5, minWidth: 200 }}>
      {progress ? (
        <Stack direction="row" sx={{ gap: 1, alignItems: 'center' }} data-testid="export-progress">
          <Stack sx={{ flex: 1 }}>
            <LinearProgress
              variant={progress.format === 'csv' && progress.total ? 'determinate' : 'indeterminate'}
              value={progress.total ? Math.min(100, (100 * progress.rows) / progress.total) : 0}
              aria-label={progressText(progress)}
            />
            <Typography variant="caption" data-testid="export-progress-text">
              {progressText(progress)}
            </Typography>
          </Stack>
          <Button size="small" onClick={() => abort.current?.abort()} data-testid="export-cancel">
            {t('reports.export.cancel')}
          </Button>
        </Stack>
      ) : (
        <Stack direction="row" sx={{ gap: 1 }}>
          <Button size="small" variant="outlined" startIcon={<DownloadIcon />} onClick={() => void start('csv')} data-testid="export-csv">
            {t('reports.export.csv')}
          </Button>
          <Button size="small" variant="outlined" startIcon={<DownloadIcon />} onClick={() => void start('xlsx')} data-testid="export-xlsx">
            {t('reports.export.xlsx')}
          </Button>
        </Stack>
      )}
      {message && (
        <Alert severity={message.severity} onClose={() => setMessage(null)} sx={{ py: 0 }} data-testid="export-message">
          {message.text}
        </Alert>
      )}
    </Stack>
  );
}
