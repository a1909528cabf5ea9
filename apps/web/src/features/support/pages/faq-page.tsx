import ExpandMoreRounded from '@mui/icons-material/ExpandMoreRounded';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { ContentError, DocSkeleton } from '../components/content-states.tsx';
import { DocHeader } from '../components/doc-header.tsx';
import { HelpContactCard } from '../components/help-contact-card.tsx';
import { ANCHOR_OFFSET, MarkdownView, scrollToAnchor } from '../components/markdown-view.tsx';
import { useDocQuery } from '../lib/content-queries.ts';
import { parseFaq } from '../lib/markdown.ts';
import { useHashScroll } from '../lib/use-hash-scroll.ts';

/** Q&A page: questions grouped by topic, each an accordion; `#question-id` opens that answer. */
export function FaqPage() {
  const { t } = useTranslation('support');
  const query = useDocQuery('faq');
  const faq = useMemo(() => (query.data ? parseFaq(query.data.body) : undefined), [query.data]);
  const [expanded, setExpanded] = useState<Set<string>>(() => new Set());
  usePageTitle(query.data?.title ?? t('nav.faq'));

  const openFromHash = useCallback((id: string) => {
    setExpanded((current) => (current.has(id) ? current : new Set(current).add(id)));
  }, []);
  useHashScroll(Boolean(faq), openFromHash);

  const toggle = (id: string) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  if (query.isPending) {
    return (
      <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4, md: 5 }, borderRadius: 4 }}>
        <DocSkeleton lines={10} />
      </Paper>
    );
  }
  if (query.isError || !faq) {
    return <ContentError error={query.error} onRetry={() => void query.refetch()} />;
  }

  const count = faq.groups.reduce((sum, group) => sum + group.items.length, 0);

  return (
    <Box>
      <DocHeader
        crumbs={[{ label: query.data.title }]}
        title={query.data.title}
        description={query.data.description}
        meta={
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
            <Chip label={t('faq.count', { count })} color="primary" size="small" sx={{ fontWeight: 600 }} />
            {faq.groups.map((group) => (
              <Chip
                key={group.id}
                label={group.title}
                size="small"
                variant="outlined"
                component="a"
                href={`#${group.id}`}
                clickable
                onClick={(event) => {
                  if (scrollToAnchor(group.id)) {
                    event.preventDefault();
                    window.history.replaceState(window.history.state, '', `#${group.id}`);
                  }
                }}
                sx={{ bgcolor: 'background.paper' }}
              />
            ))}
          </Stack>
        }
      />

      {faq.intro ? (
        <Box sx={{ mb: 3 }}>
          <MarkdownView>{faq.intro}</MarkdownView>
        </Box>
      ) : null}

      <Stack spacing={{ xs: 4, md: 5 }}>
        {faq.groups.map((group) => (
          <Box component="section" key={group.id} aria-labelledby={group.id}>
            <Typography
              id={group.id}
              variant="h5"
              component="h2"
              sx={{ mb: 1.5, scrollMarginTop: ANCHOR_OFFSET, typography: 'faqGroup' }}
            >
              {group.title}
            </Typography>
            <Paper variant="outlined" sx={{ borderRadius: 3, overflow: 'hidden' }}>
              {group.items.map((item, index) => (
                <Accordion
                  key={item.id}
                  disableGutters
                  elevation={0}
                  square
                  expanded={expanded.has(item.id)}
                  onChange={() => toggle(item.id)}
                  slotProps={{ heading: { component: 'h3' } }}
                  sx={{
                    borderTop: index === 0 ? 0 : 1,
                    borderColor: 'divider',
                    '&::before': { display: 'none' },
                    '&.Mui-expanded': { bgcolor: 'rgba(31, 79, 224, 0.025)' },
                  }}
                >
                  <AccordionSummary
                    id={item.id}
                    aria-controls={`${item.id}-answer`}
                    expandIcon={<ExpandMoreRounded />}
                    sx={{
                      px: { xs: 2, md: 3 },
                      py: 0.75,
                      scrollMarginTop: ANCHOR_OFFSET,
                      '& .MuiAccordionSummary-content': { my: 1.25 },
                    }}
                  >
                    <Typography sx={{ fontWeight: 600, typography: { xs: 'textLg', md: 'textXl' }, lineHeight: 1.5 }}>
                      {item.question}
                    </Typography>
                  </AccordionSummary>
                  <AccordionDetails sx={{ px: { xs: 2, md: 3 }, pt: 0, pb: 2.5 }}>
                    <MarkdownView>{item.answer}</MarkdownView>
                  </AccordionDetails>
                </Accordion>
              ))}
            </Paper>
          </Box>
        ))}
      </Stack>

      <Box sx={{ mt: 5 }}>
        <HelpContactCard />
      </Box>
    </Box>
  );
}
