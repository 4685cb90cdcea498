/**
 * /survey/:token/:id — the public external survey (spec §2, §4 External survey flow; §7 GET-SURVEY
 * / SUBMIT-SURVEY-ANSWERS; §9 default coordinates 21 and 42). No session. Shows the survey's name
 * and description, one question at a time with its options as checkboxes: choosing one records
 * the answer and moves on; an option that ends with notification finishes at once; Previous
 * removes the last answer. Submit Survey is enabled after the last question or an ending option,
 * then 'Submitted successfully'. A spent, wrong or expired link shows its message and no form.
 * The token starts with the branch id (`<branchId>-…`), sent as branchId. Phone-sized.
 */
import { useEffect, useRef, useState } from 'react';
import { useRouteParams } from '../../../shared/navigation/page-nav';
import { useTranslation } from '../../../shared/i18n/translator';
import { Alert, Box, Button, Checkbox, CircularProgress, FormControlLabel, FormGroup, Stack, Typography } from '@mui/material';
import { SURVEY_DEFAULT_LATITUDE, SURVEY_DEFAULT_LONGITUDE, type SurveyAnswer, type SurveyToAnswer } from '@vigil/contract';
import { BrandedCardPage } from '../../../shared/components/BrandedCardPage';
import { useErrorText } from '../../../shared/api/use-error-text';
import { isLanguage, setLanguage } from '../../../shared/i18n/language';
import { usePublicSurvey, useSubmitPublicSurvey } from '../public-api';

/** The browser's position within 5 s, else the §9 defaults (21, 42). */
function position(): Promise<{ latitude: number; longitude: number }> {
  const fallback = { latitude: SURVEY_DEFAULT_LATITUDE, longitude: SURVEY_DEFAULT_LONGITUDE };
  if (typeof navigator === 'undefined' || !navigator.geolocation) return Promise.resolve(fallback);
  return new Promise((resolve) => {
    navigator.geolocation.getCurrentPosition(
      (p) => resolve({ latitude: p.coords.latitude, longitude: p.coords.longitude }),
      () => resolve(fallback),
      { timeout: 5_000, maximumAge: 60_000 },
    );
  });
}

export default function PublicSurveyPage() {
  const { t } = useTranslation();
  const { token = '', id = '' } = useRouteParams();
  const branchId = Number(/^(\d+)-/.exec(token)?.[1] ?? 0);
  const surveyId = Number(id) || 0;
  const survey = usePublicSurvey(token, surveyId, branchId);
  const errorText = useErrorText();
  const languageSet = useRef(false);
  useEffect(() => {
    // The respondent's language (from their external user record) once, unless they pick another.
    if (survey.data && !languageSet.current && isLanguage(survey.data.LangId)) {
      languageSet.current = true;
      void setLanguage(survey.data.LangId);
    }
  }, [survey.data]);

  let content;
  if (!branchId || !surveyId) {
    content = (
      <Alert severity="error" role="alert" data-testid="survey-link-error">
        {t('surveys.errors.linkInvalid')}
      </Alert>
    );
  } else if (survey.isPending) {
    content = (
      <Stack sx={{ alignItems: 'center', gap: 2 }}>
        <CircularProgress aria-label={t('surveys.page.loading')} />
        <Typography>{t('surveys.page.loading')}</Typography>
      </Stack>
    );
  } else if (survey.isError) {
    content = (
      <Alert severity="error" role="alert" data-testid="survey-link-error">
        {errorText(survey.error)}
      </Alert>
    );
  } else {
    content = <SurveyForm survey={survey.data} token={token} />;
  }
  return (
    <BrandedCardPage
      title={survey.data?.Name ?? t('surveys.page.title')}
      testId="public-survey"
      pagePadding={1}
      cardSx={{ width: 480, maxWidth: '100%' }}
    >
      {content}
    </BrandedCardPage>
  );
}

function SurveyForm({ survey, token }: { survey: SurveyToAnswer; token: string }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const submit = useSubmitPublicSurvey();
  const [answers, setAnswers] = useState<SurveyAnswer[]>([]);
  const questions = survey.Questions;
  const last = answers.at(-1);
  const lastOption = last ? questions[answers.length - 1]?.Answers.find((o) => o.Option === last.Answer) : undefined;
  const ended = !!lastOption?.EndSurveyWithNotification;
  const complete = ended || answers.length === questions.length;
  const question = complete ? undefined : questions[answers.length];

  if (submit.isSuccess) {
    return (
      <Alert severity="success" data-testid="survey-submitted">
        {t('surveys.page.submitted')}
      </Alert>
    );
  }
  const onSubmit = async () => {
    const pos = await position();
    submit.mutate({
      case: 'SUBMIT-SURVEY-ANSWERS',
      token,
      surveyId: survey.SurveyId,
      branchId: survey.BranchOfficeId,
      answers: JSON.stringify(answers),
      endNotification: String(ended) as 'true' | 'false',
      notificationQuestionId: null,
      ...pos,
    });
  };
  return (
    <Stack sx={{ gap: 2 }} data-testid="survey-form">
      <Typography variant="body2" color="text.secondary">
        {survey.BranchOfficeName}
      </Typography>
      {survey.Description && <Typography data-testid="survey-description">{survey.Description}</Typography>}
      {question ? (
        <Box data-testid="survey-question">
          <Typography variant="overline">{t('surveys.page.questionOf', { n: answers.length + 1, total: questions.length })}</Typography>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
            {question.Question}
          </Typography>
          <FormGroup>
            {question.Answers.map((o) => (
              <FormControlLabel
                key={o.Option}
                control={
                  <Checkbox
                    checked={false}
                    onChange={() => setAnswers((a) => [...a, { QuestionId: question.QuestionId, Answer: o.Option }])}
                    slotProps={{ input: { 'data-testid': `survey-option-${o.Option}` } as Record<string, string> }}
                  />
                }
                label={o.Option}
                sx={{ py: 0.5 }}
              />
            ))}
          </FormGroup>
        </Box>
      ) : (
        <Alert severity={ended ? 'warning' : 'info'} data-testid="survey-complete">
          {t(ended ? 'surveys.page.ended' : 'surveys.page.done')}
        </Alert>
      )}
      {submit.isError && (
        <Alert severity="error" role="alert">
          {errorText(submit.error)}
        </Alert>
      )}
      <Stack direction="row" sx={{ gap: 1, justifyContent: 'space-between' }}>
        <Button
          variant="outlined"
          disabled={answers.length === 0 || submit.isPending}
          onClick={() => setAnswers((a) => a.slice(0, -1))}
          data-testid="survey-previous"
        >
          {t('surveys.page.previous')}
        </Button>
        <Button variant="contained" disabled={!complete || submit.isPending} onClick={() => void onSubmit()} data-testid="survey-submit">
          {t('surveys.page.submit')}
        </Button>
      </Stack>
    </Stack>
  );
}
