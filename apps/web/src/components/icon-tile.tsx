import Box from '@mui/material/Box';
import { alpha } from '@mui/material/styles';
import type { ReactNode } from 'react';

/**
 * The 44 px rounded square holding a feature's icon in the primary colour, on a light tint of it
 * or (`gradient`) on a primary-to-secondary wash; it keeps its size beside long text.
 */
export function IconTile({ children, gradient = false }: { children: ReactNode; gradient?: boolean }) {
  return (
    <Box
      sx={(theme) => ({
        width: 44,
        height: 44,
        flexShrink: 0,
        borderRadius: 2.5,
        display: 'grid',
        placeItems: 'center',
        color: 'primary.main',
        ...(gradient
          ? {
              background: `linear-gradient(135deg, ${alpha(theme.palette.primary.main, 0.12)}, ${alpha(theme.palette.secondary.main, 0.12)})`,
            }
          : { bgcolor: alpha(theme.palette.primary.main, 0.08) }),
      })}
    >
      {children}
    </Box>
  );
}
