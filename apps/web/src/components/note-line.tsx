import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** A small explanatory line under a value (a date, a status): secondary text, or an error in red. */
export function NoteLine({
  children,
  tone,
  testId,
  maxWidth = 280,
}: {
  children: ReactNode;
  tone?: 'error';
  testId?: string;
  maxWidth?: number;
}) {
  return (
    <Typography
      variant="caption"
      color={tone === 'error' ? 'error.main' : 'text.secondary'}
      component="div"
      sx={{ maxWidth, lineHeight: 1.45, overflowWrap: 'anywhere' }}
      data-testid={testId}
    >
      {children}
    </Typography>
  );
}
