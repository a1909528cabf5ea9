import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import ErrorOutlineRounded from '@mui/icons-material/ErrorOutlineRounded';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export interface MethodRowProps {
  id: string;
  icon: ReactNode;
  title: ReactNode;
  description: ReactNode;
  /** Set up or not (drives the status chip). */
  done: boolean;
  statusLabel: ReactNode;
  /** The masked phone or email, when set. */
  value?: string | null;
  actions?: ReactNode;
  children?: ReactNode;
}

/** One row of the security centre: icon, title, explanation, status and actions; stacks on phones. */
export function MethodRow({
  id,
  icon,
  title,
  description,
  done,
  statusLabel,
  value,
  actions,
  children,
}: MethodRowProps) {
  return (
    <Box
      id={id}
      component="section"
      aria-labelledby={`${id}-title`}
      sx={{
        py: { xs: 2, md: 2.5 },
        px: { xs: 2, md: 3 },
        scrollMarginTop: 88,
        '& + &': { borderTop: 1, borderColor: 'divider' },
      }}
    >
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
        <Box
          sx={(theme) => ({
            width: 44,
            height: 44,
            flexShrink: 0,
            borderRadius: 2,
            display: 'grid',
            placeItems: 'center',
            color: done ? 'primary.main' : 'text.secondary',
            bgcolor: done ? alpha(theme.palette.primary.main, 0.08) : 'background.default',
          })}
        >
          {icon}
        </Box>
        <Box sx={{ flex: '1 1 200px', minWidth: 0 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <Typography id={`${id}-title`} component="h3" sx={{ fontWeight: 700, typography: 'textXl' }}>
              {title}
            </Typography>
            <Chip
              size="small"
              icon={done ? <CheckCircleRounded /> : <ErrorOutlineRounded />}
              label={statusLabel}
              color={done ? 'success' : 'default'}
              variant={done ? 'filled' : 'outlined'}
              sx={{ height: 22, typography: 'textXs', fontWeight: 600, ...(done ? {} : { color: 'text.secondary' }) }}
            />
          </Box>
          {value ? (
            <Typography
              sx={{ mt: 0.5, fontWeight: 600, typography: 'textMd', wordBreak: 'break-all' }}
              data-testid={`${id}-value`}
            >
              {value}
            </Typography>
          ) : null}
          <Typography color="text.secondary" sx={{ mt: 0.5, typography: 'textMd', lineHeight: 1.6 }}>
            {description}
          </Typography>
        </Box>
        {actions ? (
          <Box
            sx={{
              display: 'flex',
              gap: 1,
              flexShrink: 0,
              alignSelf: 'center',
              width: { xs: '100%', sm: 'auto' },
              justifyContent: { xs: 'flex-end', sm: 'flex-start' },
            }}
          >
            {actions}
          </Box>
        ) : null}
      </Box>
      {children}
    </Box>
  );
}
