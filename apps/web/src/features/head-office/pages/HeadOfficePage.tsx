/**
 * /mainoffice (spec §2 Main area): the head office with contacts, week schedule, holidays and
 * timers, and the organisation's branch structure as a chart (getstatistics; roles 2 and 12).
 */
import { lazy, Suspense } from 'react';
import { useTranslation } from '../../../shared/i18n/translator';
import { Alert, Stack, Typography } from '@mui/material';
import { ZHeadOfficeDetails } from '@vigil/contract';
import { useErrorText } from '../../../shared/api/use-error-text';
import { OfficeTabs } from '../../../shared/crud/OfficeTabs';
import { addressFields, addressValues, contactFields, contactValues, identityFields } from '../../../shared/crud/fields';
import { useCanManage, useOrgScope } from '../../../shared/organization/org-scope';
import { useHeadOffice, useHeadOfficeSavers } from '../api';
import { Loading } from '../../../shared/components/Loading';

const BranchStructureChart = lazy(() => import('../components/BranchStructureChart'));

export default function HeadOfficePage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { scope, ready } = useOrgScope();
  const canManage = useCanManage();
  const q = useHeadOffice(scope, ready);
  const save = useHeadOfficeSavers(scope);
  const h = q.data;
  return (
    <Stack sx={{ gap: 2 }} data-testid="mainoffice">
      <Typography variant="h5" component="h1">
        {h ? h.Name : t('management.titles.mainoffice')}
      </Typography>
      {q.isError && <Alert severity="error">{errorText(q.error)}</Alert>}
      {!canManage && <Alert severity="info">{t('management.readOnly')}</Alert>}
      {h && (
        <OfficeTabs
          key={h.Id}
          testId="mainoffice"
          schedule={h}
          details={{
            schema: ZHeadOfficeDetails,
            fields: [...identityFields(t), ...addressFields(t), ...contactFields(t)],
            defaultValues: {
              ...addressValues(h),
              code: h.Code,
              timeZone: h.TimeZone,
              ...contactValues('primary', h.PrimaryContact),
              ...contactValues('secondary', h.SecondaryContact),
            },
            save: save.details,
          }}
          saveSchedule={save}
        />
      )}
      {canManage && (
        <Suspense fallback={<Loading />}>
          <BranchStructureChart scope={scope} enabled={ready} />
        </Suspense>
      )}
    </Stack>
  );
}
