/** The status of a row as a chip (spec §4: Active green, Pending orange, Inactive grey). */
import { useTranslation } from '../i18n/translator';
import { Chip } from '@mui/material';
import type { StatusLabel } from '@vigil/contract';

/** `status` is the row's Status text as the list calls give it (Active, Pending, Inactive). */
export function StatusChip({ status }: { status: StatusLabel | string }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      label={t(`management.status.${status}`)}
      color={status === 'Active' ? 'success' : status === 'Pending' ? 'warning' : 'default'}
    />
  );
}
