/** /security-offices (spec §2 Main area): the security offices monitoring the organisation. */
import { useTranslation } from '../../../shared/i18n/translator';
import type { SecurityOfficeRow } from '@vigil/contract';
import { EntityList } from '../../../shared/crud/EntityList';
import { useOrgScope } from '../../../shared/organization/org-scope';
import { securityOfficeList } from '../api';
import { securityOfficeColumns } from '../columns';

export default function SecurityOfficesPage() {
  const { t } = useTranslation();
  const { scope, ready } = useOrgScope();
  return (
    <EntityList<SecurityOfficeRow>
      testId="security-offices"
      title={t('management.titles.securityOffices')}
      source={securityOfficeList(scope)}
      enabled={ready}
      rowKey={(r) => r.SecurityOfficeId}
      csvName="security-offices.csv"
      columns={securityOfficeColumns(t)}
    />
  );
}
