import { Box } from '@mui/material';
import { BRANCH_STATUS_COLORS, type BranchStatus } from '@vigil/contract';

/** A coloured dot for a board status (open green, closed grey, service orange, alarm red). */
export function StatusDot({ status }: { status: BranchStatus }) {
  return (
    <Box
      component="span"
      aria-hidden
      sx={{ display: 'inline-block', width: 12, height: 12, borderRadius: '50%', bgcolor: BRANCH_STATUS_COLORS[status], flexShrink: 0 }}
    />
  );
}
