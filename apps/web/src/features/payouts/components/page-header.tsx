import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** The title block of a payouts page. */
export function PageHeader({ title, subtitle }: { title: ReactNode; subtitle?: ReactNode }) {
  return (
    <Box sx={{ mb: { xs: 2, md: 3 } }}>
      <Typography variant="h5" component="h1" sx={{ fontSize: { xs: 22, md: 26 } }}>
        {title}
      </Typography>
      {subtitle ? (
        <Typography color="text.secondary" sx={{ mt: 0.5, fontSize: 14.5, lineHeight: 1.6 }}>
          {subtitle}
        </Typography>
      ) : null}
    </Box>
  );
}
