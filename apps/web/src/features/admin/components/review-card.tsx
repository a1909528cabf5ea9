import ExpandMoreRounded from '@mui/icons-material/ExpandMoreRounded';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** One queue entry: a summary line that opens to the details, the history and the actions. */
export function ReviewCard({
  id,
  expanded,
  onToggle,
  heading,
  meta,
  status,
  children,
  actions,
  testId,
}: {
  id: string;
  expanded: boolean;
  onToggle: () => void;
  heading: ReactNode;
  meta: ReactNode;
  status: ReactNode;
  children: ReactNode;
  actions?: ReactNode;
  testId?: string;
}) {
  return (
    <Accordion
      expanded={expanded}
      onChange={onToggle}
      disableGutters
      variant="outlined"
      data-testid={testId}
      // Each entry is a second-level heading (the page title is the h1); its parts are phrasing content.
      slotProps={{ transition: { unmountOnExit: true }, heading: { component: 'h2' } }}
      sx={{ borderRadius: 2, '&::before': { display: 'none' }, '&:not(:last-of-type)': { mb: 1.5 } }}
    >
      <AccordionSummary
        expandIcon={<ExpandMoreRounded />}
        aria-controls={`${id}-content`}
        id={`${id}-header`}
        sx={{ px: { xs: 1.5, md: 2.5 }, '& .MuiAccordionSummary-content': { my: 1.5, minWidth: 0 } }}
      >
        <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap', width: '100%', minWidth: 0 }}>
          <Box sx={{ flex: '1 1 260px', minWidth: 0 }}>
            <Typography
              component="span"
              sx={{ display: 'block', fontWeight: 700, typography: 'textXl', wordBreak: 'break-word' }}
            >
              {heading}
            </Typography>
            <Typography
              component="span"
              color="text.secondary"
              sx={{ display: 'block', typography: 'textSm', mt: 0.25, wordBreak: 'break-word' }}
            >
              {meta}
            </Typography>
          </Box>
          {status}
        </Box>
      </AccordionSummary>
      <AccordionDetails sx={{ px: { xs: 1.5, md: 2.5 }, pt: 0, pb: 2.5 }}>
        <Divider sx={{ mb: 2 }} />
        {children}
        {actions ? (
          <Box
            sx={{
              mt: 2.5,
              pt: 2,
              borderTop: 1,
              borderColor: 'divider',
              display: 'flex',
              gap: 1,
              flexWrap: 'wrap',
              justifyContent: { xs: 'stretch', sm: 'flex-end' },
              '& > *': { flex: { xs: '1 1 auto', sm: '0 0 auto' } },
            }}
          >
            {actions}
          </Box>
        ) : null}
      </AccordionDetails>
    </Accordion>
  );
}

/** A small heading inside a card. */
export function Subheading({ children }: { children: ReactNode }) {
  return (
    <Typography component="h3" sx={{ fontWeight: 700, typography: 'textMd', color: 'text.secondary', mb: 1, mt: 2.5 }}>
      {children}
    </Typography>
  );
}
