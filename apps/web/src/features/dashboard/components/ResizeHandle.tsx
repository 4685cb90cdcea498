/**
 * The handle between two panels of the dashboard workspace (react-resizable-panels' Separator):
 * a thin bar with a grip, focusable (arrow keys resize), wider while hovered or dragged.
 */
import { Box } from '@mui/material';
import { Separator } from 'react-resizable-panels';

export interface ResizeHandleProps {
  /** The direction of the group: a vertical bar between columns ('horizontal') or a horizontal bar between rows. */
  orientation: 'horizontal' | 'vertical';
  /** Accessible name (translated). */
  label: string;
  testId: string;
}

export function ResizeHandle({ orientation, label, testId }: ResizeHandleProps) {
  const columns = orientation === 'horizontal';
  return (
    <Separator aria-label={label} data-testid={testId} style={{ flexShrink: 0 }}>
      <Box
        sx={{
          width: columns ? 8 : '100%',
          height: columns ? '100%' : 8,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          '&::after': {
            content: '""',
            display: 'block',
            width: columns ? 3 : 32,
            height: columns ? 32 : 3,
            borderRadius: 2,
            bgcolor: 'grey.400',
          },
          '&:hover::after': { bgcolor: 'primary.main' },
        }}
      />
    </Separator>
  );
}
