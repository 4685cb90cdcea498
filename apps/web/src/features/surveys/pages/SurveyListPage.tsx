/** /survey-list (spec §2 Main area): every survey in scope with its status, branches and answers; add a survey (name). */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../../shared/i18n/translator';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import type { SurveyRow } from '@vigil/contract';
import { useErrorText } from '../../../shared/api/use-error-text';
import { useCanManage } from '../../../shared/organization/org-scope';
import { useManageSurvey, useSurveys } from '../api';
import { SurveyStatus } from '../components/SurveyStatus';

export default function SurveyListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const surveys = useSurveys();
  const canManage = useCanManage();
  const errorText = useErrorText();
  const [adding, setAdding] = useState(false);
  const [name, setName] = useState('');
  const add = useManageSurvey();
  const fmt = (v: string | null) => (v ? new Date(v).toLocaleDateString() : '—');
  return (
    <Stack sx={{ gap: 2, p: { xs: 1, sm: 2 } }} data-testid="survey-list">
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
        <Typography variant="h5" component="h1">
          {t('surveys.list.title')}
        </Typography>
        {canManage && (
          <Button variant="contained" onClick={() => setAdding(true)} data-testid="survey-add">
            {t('surveys.list.add')}
          </Button>
        )}
      </Stack>
      {surveys.isError && <Alert severity="error">{errorText(surveys.error)}</Alert>}
      <Paper sx={{ overflowX: 'auto' }}>
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{t('surveys.list.name')}</TableCell>
              <TableCell>{t('surveys.list.status')}</TableCell>
              <TableCell>{t('surveys.list.schedule')}</TableCell>
              <TableCell>{t('surveys.list.branches')}</TableCell>
              <TableCell align="right">{t('surveys.list.answers')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {(surveys.data ?? []).map((s: SurveyRow) => (
              <TableRow
                key={s.SurveyId}
                hover
                sx={{ cursor: 'pointer' }}
                onClick={() => void navigate(`/survey-list/${s.SurveyId}`)}
                data-testid="survey-row"
              >
                <TableCell>{s.Name}</TableCell>
                <TableCell>
                  <SurveyStatus survey={s} />
                </TableCell>
                <TableCell>
                  {fmt(s.StartDate)} – {fmt(s.EndDate)}
                </TableCell>
                <TableCell>{s.BranchOffices.length}</TableCell>
                <TableCell align="right">{s.Submissions}</TableCell>
              </TableRow>
            ))}
            {surveys.data?.length === 0 && (
              <TableRow>
                <TableCell colSpan={5}>{t('surveys.list.empty')}</TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </Paper>
      <Dialog open={adding} onClose={() => setAdding(false)} fullWidth maxWidth="xs">
        <DialogTitle>{t('surveys.list.add')}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            label={t('surveys.builder.name')}
            value={name}
            onChange={(e) => setName(e.target.value)}
            slotProps={{ htmlInput: { 'data-testid': 'survey-add-name' } }}
          />
          {add.isError && (
            <Alert severity="error" role="alert" data-testid="survey-add-error">
              {errorText(add.error)}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setAdding(false)}>{t('common.cancel')}</Button>
          <Button
            variant="contained"
            disabled={!name.trim() || add.isPending}
            data-testid="survey-add-save"
            onClick={() =>
              add.mutate(
                { case: 'ADD-SURVEY', name, questions: [] },
                {
                  onSuccess: (s) => {
                    setAdding(false);
                    setName('');
                    void navigate(`/survey-list/${s.SurveyId}`);
                  },
                },
              )
            }
          >
            {t('surveys.builder.save')}
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}
