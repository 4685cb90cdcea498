/**
 * /survey-list/:id — the survey builder (issue 18): name, description, recommendations,
 * questions with options (action, end-with-notification flag), reorder; UsedOnce locks the
 * questions of a survey with answers (Make a copy); schedule (StartDate, optional EndDate);
 * assignment to branches or regions, de-assign and deactivate; UsersForSurvey, NotifyUsers,
 * NotifyExternalUsers; the external respondents with their link state and Send links; external
 * users of the assigned branches; the answers per question as a chart.
 */
import { lazy, Suspense, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from '../../../shared/i18n/translator';
import {
  Alert,
  Autocomplete,
  Button,
  Checkbox,
  Chip,
  FormControlLabel,
  IconButton,
  MenuItem,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import DeleteIcon from '@mui/icons-material/Delete';
import type { SurveyQuestionInput, SurveyRow } from '@vigil/contract';
import { Loading } from '../../../shared/components/Loading';
import { useErrorText } from '../../../shared/api/use-error-text';
import { useCanManage, useOrgScope } from '../../../shared/organization/org-scope';
import { useRegionOptions } from '../../../shared/lookups/api';
import {
  useBranchOptions,
  useManageExternalUsers,
  useManageSurvey,
  useSendSurveyLinks,
  useSurvey,
  useSurveyExternalUsers,
  useUsersToNotify,
  useUsersToSelect,
} from '../api';
import { SurveyStatus } from '../components/SurveyStatus';

const AnswerCountsChart = lazy(() => import('../components/AnswerCountsChart'));

type Q = {
  QuestionId?: number | undefined;
  Question: string;
  Answers: { Option: string; Action?: string | null | undefined; EndSurveyWithNotification: boolean }[];
};

function Section({ title, children, testId }: { title: string; children: React.ReactNode; testId?: string }) {
  return (
    <Paper sx={{ p: { xs: 1.5, sm: 2 } }} data-testid={testId}>
      <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** 'YYYY-MM-DDTHH:mm' in the browser's zone for a datetime-local input; '' for none. */
const toLocalInput = (v: string | null) => {
  if (!v) return '';
  const d = new Date(v);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};

export default function SurveyPage() {
  const { id = '' } = useParams();
  const surveyId = Number(id);
  const survey = useSurvey(surveyId);
  const errorText = useErrorText();
  if (survey.isPending) return <Loading />;
  if (survey.isError) return <Alert severity="error">{errorText(survey.error)}</Alert>;
  return <SurveyEditor key={survey.data.SurveyId} survey={survey.data} />;
}

function SurveyEditor({ survey }: { survey: SurveyRow }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canManage = useCanManage();
  const errorText = useErrorText();
  const save = useManageSurvey();
  const [saved, setSaved] = useState(false);
  const [name, setName] = useState(survey.Name);
  const [description, setDescription] = useState(survey.Description ?? '');
  const [notifyRec, setNotifyRec] = useState(survey.NotifyRecomandation ?? '');
  const [nonNotifyRec, setNonNotifyRec] = useState(survey.NonNotifyRecomandation ?? '');
  const [questions, setQuestions] = useState<Q[]>(
    survey.Questions.map((q) => ({
      ...q,
      Answers: q.Answers.map((a) => ({ ...a, EndSurveyWithNotification: !!a.EndSurveyWithNotification })),
    })),
  );
  const [start, setStart] = useState(toLocalInput(survey.StartDate));
  const [end, setEnd] = useState(toLocalInput(survey.EndDate));
  const locked = survey.UsedOnce || !canManage;

  const setQ = (i: number, q: Q) => setQuestions((qs) => qs.map((x, j) => (j === i ? q : x)));
  const move = (i: number, by: number) =>
    setQuestions((qs) => {
      const next = [...qs];
      const [q] = next.splice(i, 1);
      next.splice(i + by, 0, q!);
      return next;
    });

  return (
    <Stack sx={{ gap: 2, p: { xs: 1, sm: 2 }, maxWidth: 1100 }} data-testid="survey-builder">
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1" data-testid="survey-title">
          {survey.Name}
        </Typography>
        <SurveyStatus survey={survey} />
      </Stack>
      {save.isError && (
        <Alert severity="error" role="alert" data-testid="survey-save-error">
          {errorText(save.error)}
        </Alert>
      )}
      <Section title={t('surveys.builder.details')}>
        <Stack sx={{ gap: 2 }}>
          <TextField
            label={t('surveys.builder.name')}
            value={name}
            onChange={(e) => setName(e.target.value)}
            disabled={!canManage}
            slotProps={{ htmlInput: { 'data-testid': 'survey-name' } }}
          />
          <TextField
            label={t('surveys.builder.description')}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            disabled={!canManage}
            multiline
            minRows={2}
            slotProps={{ htmlInput: { 'data-testid': 'survey-description' } }}
          />
          <TextField
            label={t('surveys.builder.notifyRecomandation')}
            value={notifyRec}
            onChange={(e) => setNotifyRec(e.target.value)}
            disabled={!canManage}
            slotProps={{ htmlInput: { 'data-testid': 'survey-notify-rec' } }}
          />
          <TextField
            label={t('surveys.builder.nonNotifyRecomandation')}
            value={nonNotifyRec}
            onChange={(e) => setNonNotifyRec(e.target.value)}
            disabled={!canManage}
            slotProps={{ htmlInput: { 'data-testid': 'survey-non-notify-rec' } }}
          />
        </Stack>
      </Section>
      <Section title={t('surveys.builder.questions')} testId="survey-questions">
        {survey.UsedOnce && (
          <Alert
            severity="info"
            sx={{ mb: 2 }}
            action={
              canManage && (
                <Button
                  color="inherit"
                  size="small"
                  data-testid="survey-copy"
                  onClick={() =>
                    save.mutate(
                      { case: 'COPY-SURVEY', surveyId: survey.SurveyId },
                      { onSuccess: (s) => void navigate(`/survey-list/${s.SurveyId}`) },
                    )
                  }
                >
                  {t('surveys.builder.copy')}
                </Button>
              )
            }
          >
            {t('surveys.builder.usedOnce')}
          </Alert>
        )}
        <Stack sx={{ gap: 2 }}>
          {questions.map((q, i) => (
            <Paper key={i} variant="outlined" sx={{ p: 1.5 }} data-testid={`question-${i}`}>
              <Stack direction="row" sx={{ gap: 1, alignItems: 'center' }}>
                <TextField
                  fullWidth
                  size="small"
                  label={t('surveys.builder.question', { n: i + 1 })}
                  value={q.Question}
                  disabled={locked}
                  onChange={(e) => setQ(i, { ...q, Question: e.target.value })}
                  slotProps={{ htmlInput: { 'data-testid': `question-${i}-text` } }}
                />
                <IconButton
                  aria-label={t('surveys.builder.moveUp')}
                  disabled={locked || i === 0}
                  onClick={() => move(i, -1)}
                  data-testid={`question-${i}-up`}
                >
                  <ArrowUpwardIcon />
                </IconButton>
                <IconButton
                  aria-label={t('surveys.builder.moveDown')}
                  disabled={locked || i === questions.length - 1}
                  onClick={() => move(i, 1)}
                >
                  <ArrowDownwardIcon />
                </IconButton>
                <IconButton
                  aria-label={t('surveys.builder.removeQuestion')}
                  disabled={locked}
                  onClick={() => setQuestions((qs) => qs.filter((_, j) => j !== i))}
                >
                  <DeleteIcon />
                </IconButton>
              </Stack>
              <Stack sx={{ gap: 1, mt: 1.5, pl: { xs: 0, sm: 3 } }}>
                {q.Answers.map((a, k) => (
                  <Stack key={k} direction={{ xs: 'column', md: 'row' }} sx={{ gap: 1, alignItems: { md: 'center' } }}>
                    <TextField
                      size="small"
                      label={t('surveys.builder.option')}
                      value={a.Option}
                      disabled={locked}
                      onChange={(e) =>
                        setQ(i, { ...q, Answers: q.Answers.map((x, m) => (m === k ? { ...x, Option: e.target.value } : x)) })
                      }
                      slotProps={{ htmlInput: { 'data-testid': `question-${i}-option-${k}` } }}
                    />
                    <TextField
                      size="small"
                      label={t('surveys.builder.action')}
                      value={a.Action ?? ''}
                      disabled={locked}
                      onChange={(e) =>
                        setQ(i, { ...q, Answers: q.Answers.map((x, m) => (m === k ? { ...x, Action: e.target.value } : x)) })
                      }
                      sx={{ flex: 1 }}
                      slotProps={{ htmlInput: { 'data-testid': `question-${i}-action-${k}` } }}
                    />
                    <FormControlLabel
                      control={
                        <Checkbox
                          checked={a.EndSurveyWithNotification}
                          disabled={locked}
                          onChange={(e) =>
                            setQ(i, {
                              ...q,
                              Answers: q.Answers.map((x, m) => (m === k ? { ...x, EndSurveyWithNotification: e.target.checked } : x)),
                            })
                          }
                          slotProps={{ input: { 'data-testid': `question-${i}-end-${k}` } as Record<string, string> }}
                        />
                      }
                      label={t('surveys.builder.endWithNotification')}
                    />
                    <IconButton
                      aria-label={t('surveys.builder.removeOption')}
                      disabled={locked}
                      onClick={() => setQ(i, { ...q, Answers: q.Answers.filter((_, m) => m !== k) })}
                    >
                      <DeleteIcon fontSize="small" />
                    </IconButton>
                  </Stack>
                ))}
                <Button
                  size="small"
                  sx={{ alignSelf: 'flex-start' }}
                  disabled={locked}
                  onClick={() => setQ(i, { ...q, Answers: [...q.Answers, { Option: '', EndSurveyWithNotification: false }] })}
                  data-testid={`question-${i}-add-option`}
                >
                  {t('surveys.builder.addOption')}
                </Button>
              </Stack>
            </Paper>
          ))}
          <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
            <Button
              disabled={locked}
              onClick={() => setQuestions((qs) => [...qs, { Question: '', Answers: [{ Option: '', EndSurveyWithNotification: false }] }])}
              data-testid="survey-add-question"
            >
              {t('surveys.builder.addQuestion')}
            </Button>
            {canManage && (
              <Button
                variant="contained"
                data-testid="survey-save"
                disabled={save.isPending}
                onClick={() =>
                  save.mutate(
                    {
                      case: 'UPDATE-SURVEY',
                      surveyId: survey.SurveyId,
                      name,
                      description,
                      notifyRecomandation: notifyRec,
                      nonNotifyRecomandation: nonNotifyRec,
                      questions: questions as SurveyQuestionInput[],
                    },
                    { onSuccess: () => setSaved(true) },
                  )
                }
              >
                {t('surveys.builder.save')}
              </Button>
            )}
            {saved && <Chip color="success" size="small" label={t('surveys.builder.saved')} data-testid="survey-saved" />}
          </Stack>
        </Stack>
      </Section>
      <Section title={t('surveys.builder.schedule')}>
        <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2, alignItems: { sm: 'center' } }}>
          <TextField
            type="datetime-local"
            label={t('surveys.builder.startDate')}
            value={start}
            onChange={(e) => setStart(e.target.value)}
            disabled={!canManage}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'survey-start' } }}
          />
          <TextField
            type="datetime-local"
            label={t('surveys.builder.endDate')}
            value={end}
            onChange={(e) => setEnd(e.target.value)}
            disabled={!canManage}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'survey-end' } }}
          />
          {canManage && (
            <Button
              variant="outlined"
              disabled={!start || save.isPending}
              data-testid="survey-save-schedule"
              onClick={() =>
                save.mutate({
                  case: 'UPDATE-SCHEDULE',
                  surveyId: survey.SurveyId,
                  startDate: new Date(start).toISOString(),
                  endDate: end ? new Date(end).toISOString() : null,
                })
              }
            >
              {t('surveys.builder.saveSchedule')}
            </Button>
          )}
        </Stack>
      </Section>
      <Assignment survey={survey} />
      <People survey={survey} />
      <ExternalRespondents survey={survey} />
      <Section title={t('surveys.builder.answerCounts')} testId="survey-chart">
        <Suspense fallback={<Loading />}>
          <AnswerCountsChart surveyId={survey.SurveyId} />
        </Suspense>
      </Section>
    </Stack>
  );
}

function Assignment({ survey }: { survey: SurveyRow }) {
  const { t } = useTranslation();
  const canManage = useCanManage();
  const branches = useBranchOptions();
  const save = useManageSurvey();
  const [chosen, setChosen] = useState<{ value: number; label: string }[]>([]);
  const { scope, ready } = useOrgScope();
  const regions = useRegionOptions(scope, ready);
  const [region, setRegion] = useState<number | ''>('');
  return (
    <Section title={t('surveys.builder.assignment')} testId="survey-assignment">
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', mb: 2 }} data-testid="survey-branches">
        {survey.BranchOffices.map((b) => (
          <Chip
            key={b.BranchOfficeId}
            label={b.Name}
            onDelete={
              canManage
                ? () => save.mutate({ case: 'DE-ASSIGN-SURVEY', surveyId: survey.SurveyId, branchOfficeIds: [b.BranchOfficeId] })
                : undefined
            }
          />
        ))}
      </Stack>
      {canManage && (
        <Stack direction={{ xs: 'column', md: 'row' }} sx={{ gap: 1, alignItems: { md: 'center' } }}>
          <Autocomplete
            multiple
            sx={{ minWidth: 280, flex: 1 }}
            options={branches.filter((b) => !survey.BranchOffices.some((x) => x.BranchOfficeId === b.value))}
            value={chosen}
            onChange={(_, v) => setChosen(v)}
            getOptionLabel={(o) => o.label}
            isOptionEqualToValue={(a, b) => a.value === b.value}
            renderInput={(p) => (
              <TextField {...p} size="small" label={t('surveys.builder.assignBranches')} data-testid="survey-assign-branches" />
            )}
          />
          <TextField
            select
            size="small"
            label={t('surveys.builder.assignRegions')}
            value={region}
            onChange={(e) => setRegion(Number(e.target.value) || '')}
            sx={{ minWidth: 180 }}
          >
            <MenuItem value="">—</MenuItem>
            {regions.map((r) => (
              <MenuItem key={r.value} value={r.value}>
                {r.label}
              </MenuItem>
            ))}
          </TextField>
          <Button
            variant="outlined"
            disabled={(chosen.length === 0 && !region) || save.isPending}
            data-testid="survey-assign"
            onClick={() =>
              save.mutate(
                {
                  case: 'ASSIGN-SURVEY',
                  surveyId: survey.SurveyId,
                  branchOfficeIds: chosen.map((c) => c.value),
                  regionalOfficeIds: region ? [region] : [],
                },
                { onSuccess: () => (setChosen([]), setRegion('')) },
              )
            }
          >
            {t('surveys.builder.assign')}
          </Button>
          <Button
            color="warning"
            disabled={!survey.Active || save.isPending}
            data-testid="survey-deactivate"
            onClick={() => save.mutate({ case: 'DE-ASSIGN-SURVEY', surveyId: survey.SurveyId, deactivate: true })}
          >
            {t('surveys.builder.deactivate')}
          </Button>
        </Stack>
      )}
    </Section>
  );
}

function People({ survey }: { survey: SurveyRow }) {
  const { t } = useTranslation();
  const canManage = useCanManage();
  const select = useUsersToSelect(survey.SurveyId);
  const notify = useUsersToNotify(survey.SurveyId);
  const save = useManageSurvey();
  const [take, setTake] = useState(survey.UsersForSurvey.map((u) => u.Id));
  const [users, setUsers] = useState(survey.NotifyUsers.map((u) => u.Id));
  const [external, setExternal] = useState(survey.NotifyExternalUsers.map((u) => u.ExternalUserId));
  const person = (u: { Name: string; Surname: string; RoleNameDisplay?: string }) =>
    `${u.Name} ${u.Surname}`.trim() + (u.RoleNameDisplay ? ` (${u.RoleNameDisplay})` : '');
  const multi = (label: string, testId: string, options: { id: number; label: string }[], value: number[], set: (v: number[]) => void) => (
    <Autocomplete
      multiple
      disabled={!canManage}
      options={options}
      value={options.filter((o) => value.includes(o.id))}
      onChange={(_, v) => set(v.map((o) => o.id))}
      getOptionLabel={(o) => o.label}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      renderInput={(p) => <TextField {...p} size="small" label={label} data-testid={testId} />}
    />
  );
  return (
    <Section title={t('surveys.builder.people')} testId="survey-people">
      <Stack sx={{ gap: 2 }}>
        {multi(
          t('surveys.builder.usersForSurvey'),
          'survey-take',
          (select.data ?? []).map((u) => ({ id: u.Id, label: person(u) })),
          take,
          setTake,
        )}
        {multi(
          t('surveys.builder.notifyUsers'),
          'survey-notify-users',
          (notify.data?.Users ?? []).map((u) => ({ id: u.Id, label: person(u) })),
          users,
          setUsers,
        )}
        {multi(
          t('surveys.builder.notifyExternalUsers'),
          'survey-notify-external',
          (notify.data?.ExternalUsers ?? []).map((u) => ({ id: u.ExternalUserId, label: `${u.Name} <${u.Email}>` })),
          external,
          setExternal,
        )}
        {canManage && (
          <Button
            variant="outlined"
            sx={{ alignSelf: 'flex-start' }}
            disabled={save.isPending}
            data-testid="survey-save-people"
            onClick={async () => {
              await save.mutateAsync({ case: 'UPDATE-USERS-TO-TAKE', surveyId: survey.SurveyId, userIds: take });
              await save.mutateAsync({ case: 'UPDATE-NOTIFY-USERS', surveyId: survey.SurveyId, userIds: users, externalUserIds: external });
            }}
          >
            {t('surveys.builder.savePeople')}
          </Button>
        )}
      </Stack>
    </Section>
  );
}

function ExternalRespondents({ survey }: { survey: SurveyRow }) {
  const { t } = useTranslation();
  const canManage = useCanManage();
  const errorText = useErrorText();
  const list = useSurveyExternalUsers(survey.SurveyId);
  const send = useSendSurveyLinks();
  const manage = useManageExternalUsers();
  const [form, setForm] = useState({ branchOfficeId: 0, name: '', email: '', phone: '', langId: 'en' as 'en' | 'sq' });
  const state = (r: { LinkSentAtUTC: string | null; LinkUsedAtUTC: string | null }) =>
    r.LinkUsedAtUTC ? t('surveys.builder.linkUsed') : r.LinkSentAtUTC ? t('surveys.builder.linkSent') : t('surveys.builder.noLink');
  return (
    <Section title={t('surveys.builder.externalUsers')} testId="survey-external">
      <Stack sx={{ gap: 1 }}>
        {(list.data ?? []).map((r) => (
          <Stack
            key={r.ExternalUserId}
            direction="row"
            sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}
            data-testid="survey-external-row"
          >
            <Typography sx={{ minWidth: 160 }}>{r.Name}</Typography>
            <Typography color="text.secondary" sx={{ minWidth: 200 }}>
              {r.Email} · {r.BranchOfficeName}
            </Typography>
            <Chip size="small" label={state(r)} />
            {canManage && (
              <IconButton
                aria-label={t('surveys.builder.delete')}
                onClick={() => manage.mutate({ case: 'DELETE-EXTERNAL-USER', externalUserId: r.ExternalUserId })}
              >
                <DeleteIcon fontSize="small" />
              </IconButton>
            )}
          </Stack>
        ))}
        {(manage.isError || send.isError) && (
          <Alert severity="error" role="alert">
            {errorText(manage.error ?? send.error)}
          </Alert>
        )}
        {send.isSuccess && <Alert severity="success">{t('surveys.builder.linksSent', { count: send.data })}</Alert>}
        {canManage && survey.BranchOffices.length > 0 && (
          <Stack direction={{ xs: 'column', md: 'row' }} sx={{ gap: 1, mt: 1 }}>
            <TextField
              select
              size="small"
              label={t('surveys.builder.externalBranch')}
              value={form.branchOfficeId || ''}
              onChange={(e) => setForm({ ...form, branchOfficeId: Number(e.target.value) })}
              sx={{ minWidth: 180 }}
              slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'external-branch' } as Record<string, string> } }}
            >
              {survey.BranchOffices.map((b) => (
                <MenuItem key={b.BranchOfficeId} value={b.BranchOfficeId}>
                  {b.Name}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              size="small"
              label={t('surveys.builder.externalName')}
              value={form.name}
              onChange={(e) => setForm({ ...form, name: e.target.value })}
              slotProps={{ htmlInput: { 'data-testid': 'external-name' } }}
            />
            <TextField
              size="small"
              label={t('surveys.builder.externalEmail')}
              value={form.email}
              onChange={(e) => setForm({ ...form, email: e.target.value })}
              slotProps={{ htmlInput: { 'data-testid': 'external-email' } }}
            />
            <TextField
              size="small"
              label={t('surveys.builder.externalPhone')}
              value={form.phone}
              onChange={(e) => setForm({ ...form, phone: e.target.value })}
            />
            <TextField
              select
              size="small"
              label={t('surveys.builder.externalLanguage')}
              value={form.langId}
              onChange={(e) => setForm({ ...form, langId: e.target.value as 'en' | 'sq' })}
              sx={{ minWidth: 110 }}
            >
              <MenuItem value="en">{t('app.languages.en')}</MenuItem>
              <MenuItem value="sq">{t('app.languages.sq')}</MenuItem>
            </TextField>
            <Button
              variant="outlined"
              disabled={!form.branchOfficeId || !form.name || !form.email || manage.isPending}
              data-testid="external-add"
              onClick={() =>
                manage.mutate(
                  { case: 'ADD-EXTERNAL-USER', ...form, phone: form.phone || null },
                  { onSuccess: () => setForm({ ...form, name: '', email: '', phone: '' }) },
                )
              }
            >
              {t('surveys.builder.addExternalUser')}
            </Button>
          </Stack>
        )}
        {canManage && (
          <Button
            sx={{ alignSelf: 'flex-start' }}
            disabled={!survey.Offered || send.isPending}
            onClick={() => send.mutate(survey.SurveyId)}
            data-testid="survey-send-links"
          >
            {t('surveys.builder.sendLinks')}
          </Button>
        )}
      </Stack>
    </Section>
  );
}
