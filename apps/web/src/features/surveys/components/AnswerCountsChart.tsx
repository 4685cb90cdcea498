/** The answers per question of a survey as bar charts (MUI X Charts, loaded lazily with the survey page). */
import { useTranslation } from '../../../shared/i18n/translator';
import { Stack, Typography } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { Loading } from '../../../shared/components/Loading';
import { useSurveyAnswerCounts } from '../api';

export default function AnswerCountsChart({ surveyId }: { surveyId: number }) {
  const { t } = useTranslation();
  const counts = useSurveyAnswerCounts(surveyId);
  if (counts.isPending) return <Loading />;
  const questions = counts.data?.Questions ?? [];
  const total = questions.reduce((n, q) => n + q.Counts.reduce((m, c) => m + c.Count, 0), 0);
  if (total === 0) return <Typography color="text.secondary">{t('surveys.builder.noAnswers')}</Typography>;
  return (
    <Stack sx={{ gap: 2 }}>
      {questions.map((q) => (
        <Stack key={q.QuestionId} data-testid={`survey-chart-${q.QuestionId}`}>
          <Typography variant="subtitle2">{q.Question}</Typography>
          <BarChart
            height={Math.max(120, 48 * q.Counts.length + 40)}
            layout="horizontal"
            yAxis={[{ scaleType: 'band', data: q.Counts.map((c) => c.Option), width: 100 }]}
            xAxis={[
              {
                min: 0,
                max: Math.max(1, ...q.Counts.map((c) => c.Count)),
                tickMinStep: 1,
                valueFormatter: (v: number) => String(Math.round(v)),
              },
            ]}
            series={[{ data: q.Counts.map((c) => c.Count), label: t('surveys.list.answers') }]}
            hideLegend
          />
        </Stack>
      ))}
    </Stack>
  );
}
