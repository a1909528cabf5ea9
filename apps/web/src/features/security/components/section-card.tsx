import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export interface SectionCardProps {
  id?: string;
  title: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
  children?: ReactNode;
}

/** A titled white card of the console pages. */
export function SectionCard({ id, title, description, action, children }: SectionCardProps) {
  return (
    <Paper
      id={id}
      component="section"
      variant="outlined"
      aria-labelledby={id ? `${id}-title` : undefined}
      sx={{ p: { xs: 2, md: 3 }, scrollMarginTop: 88 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 2, flexWrap: 'wrap' }}>
        <Box sx={{ flex: '1 1 240px', minWidth: 0 }}>
          <Typography variant="h6" component="h2" id={id ? `${id}-title` : undefined} sx={{ fontSize: 17 }}>
            {title}
          </Typography>
          {description ? (
            <Typography color="text.secondary" sx={{ mt: 0.5, fontSize: 14, lineHeight: 1.6 }}>
              {description}
            </Typography>
          ) : null}
        </Box>
        {action}
      </Box>
      {children ? <Box sx={{ mt: 2.5 }}>{children}</Box> : null}
    </Paper>
  );
}
