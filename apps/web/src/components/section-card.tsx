import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export interface SectionCardProps {
  /** Anchor of the section; its title is then the section's accessible name. */
  id?: string;
  title: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
  children?: ReactNode;
  testId?: string;
}

/** A titled white card of the console pages (an h2, an optional description and action, then the content). */
export function SectionCard({ id, title, description, action, children, testId }: SectionCardProps) {
  const titleId = id ? `${id}-title` : undefined;
  return (
    <Paper
      id={id}
      component="section"
      variant="outlined"
      aria-labelledby={titleId}
      data-testid={testId}
      sx={{ p: { xs: 2, md: 3 }, minWidth: 0, scrollMarginTop: 88 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 2, flexWrap: 'wrap' }}>
        <Box sx={{ flex: '1 1 240px', minWidth: 0 }}>
          <Typography variant="h6" component="h2" id={titleId} sx={{ typography: 'text2xl' }}>
            {title}
          </Typography>
          {description ? (
            <Typography color="text.secondary" sx={{ mt: 0.5, typography: 'textMd', lineHeight: 1.6 }}>
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
