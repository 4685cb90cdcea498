/**
 * Summary chips: how many branches are open, closed, in service and in alarm, in the §2 colours;
 * black text on the service orange, white on the others (WCAG AA contrast).
 */
import { useTranslation } from '../../../shared/i18n/translator';
import { Chip, Stack } from '@mui/material';
import { BRANCH_STATUS_COLORS, type BranchStatus } from '@vigil/contract';
import { BRANCH_STATUSES } from '../branch-board';

export function StatusSummary({ counts }: { counts: Record<BranchStatus, number> }) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap' }} data-testid="status-summary">
      {BRANCH_STATUSES.map((s) => (
        <Chip
          key={s}
          size="small"
          data-testid={`status-count-${s}`}
          data-count={counts[s]}
          label={t('dashboard.statusCount', { status: t(`branchStatus.${s}`), count: counts[s] })}
          sx={{ bgcolor: BRANCH_STATUS_COLORS[s], color: s === 'service' ? '#000' : '#fff', fontWeight: 600 }}
        />
      ))}
    </Stack>
  );
}
