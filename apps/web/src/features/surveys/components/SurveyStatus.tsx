/** A survey's state as a chip: active (offered now), scheduled (starts later), not scheduled, ended, deactivated. */
import { useTranslation } from '../../../shared/i18n/translator';
import { Chip } from '@mui/material';
import type { SurveyRow } from '@vigil/contract';

export function surveyStatus(s: Pick<SurveyRow, 'Active' | 'Offered' | 'StartDate' | 'EndDate'>, now = Date.now()) {
  if (!s.Active) return 'inactive' as const;
  if (s.Offered) return 'offered' as const;
  if (!s.StartDate) return 'notScheduled' as const;
  if (Date.parse(s.StartDate) > now) return 'scheduled' as const;
  return 'ended' as const;
}

export function SurveyStatus({ survey }: { survey: SurveyRow }) {
  const { t } = useTranslation();
  const s = surveyStatus(survey);
  const color = s === 'offered' ? 'success' : s === 'scheduled' ? 'info' : 'default';
  return <Chip size="small" color={color} label={t(`surveys.status.${s}`)} data-testid="survey-status" />;
}
