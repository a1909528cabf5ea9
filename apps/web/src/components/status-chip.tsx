import Chip from '@mui/material/Chip';
import type { ReactElement } from 'react';

export type StatusTone = 'default' | 'primary' | 'secondary' | 'info' | 'success' | 'warning' | 'error';

/**
 * The status of an entity (order, lot, payee, settlement, domain, top-up) as a small chip: filled in its tone,
 * outlined when the tone is neutral (or when `variant` says so). `status` goes to `data-status` for tests.
 */
export function StatusChip({
  label,
  tone,
  status,
  variant,
  icon,
  testId,
}: {
  label: string;
  tone: StatusTone;
  status?: string;
  variant?: 'filled' | 'outlined';
  icon?: ReactElement;
  testId?: string;
}) {
  return (
    <Chip
      component="span"
      size="small"
      label={label}
      color={tone}
      variant={variant ?? (tone === 'default' ? 'outlined' : 'filled')}
      icon={icon}
      data-testid={testId}
      data-status={status}
      sx={{ height: 24, typography: 'textXs', fontWeight: 700, maxWidth: '100%' }}
    />
  );
}
