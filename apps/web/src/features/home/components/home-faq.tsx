import AddRounded from '@mui/icons-material/AddRounded';
import ArrowForwardRounded from '@mui/icons-material/ArrowForwardRounded';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { SectionHeading } from './section-heading.tsx';

/** Keys of the home FAQ entries (`faq.items.<key>.question|answer` in home.json). */
export const HOME_FAQ_KEYS = ['types', 'deposit', 'proxy', 'payment', 'delivery', 'transfer', 'fees'] as const;

/** Short FAQ grounded in the auction and delivery rules, with a link to the full Q&A page. */
export function HomeFaq() {
  const { t } = useTranslation('home');
  const [expanded, setExpanded] = useState<string | false>(HOME_FAQ_KEYS[0]);

  return (
    <Box component="section" aria-labelledby="home-faq" sx={{ py: { xs: 7, md: 11 }, bgcolor: 'background.paper' }}>
      <Container maxWidth="lg">
        <Box
          sx={{
            display: 'grid',
            gap: { xs: 4, md: 8 },
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 4fr) minmax(0, 7fr)' },
            alignItems: 'start',
          }}
        >
          <Box sx={{ position: { md: 'sticky' }, top: { md: 100 } }}>
            <SectionHeading
              id="home-faq"
              align="left"
              eyebrow={t('faq.eyebrow')}
              title={t('faq.title')}
              subtitle={t('faq.subtitle')}
            />
            <Button
              component={RouterLink}
              to="/help-center/docs/intro/zfaq/FAQ"
              endIcon={<ArrowForwardRounded />}
              sx={{ mt: 3, px: 0, '&:hover': { bgcolor: 'transparent', textDecoration: 'underline' } }}
            >
              {t('faq.more')}
            </Button>
          </Box>
          <Box>
            {HOME_FAQ_KEYS.map((key) => {
              const open = expanded === key;
              return (
                <Accordion
                  key={key}
                  disableGutters
                  elevation={0}
                  square
                  expanded={open}
                  onChange={(_, isOpen) => setExpanded(isOpen ? key : false)}
                  slotProps={{ heading: { component: 'h3' } }}
                  sx={{
                    bgcolor: 'transparent',
                    borderBottom: 1,
                    borderColor: 'divider',
                    '&::before': { display: 'none' },
                    '&:first-of-type': { borderTop: 1, borderColor: 'divider' },
                  }}
                >
                  <AccordionSummary
                    id={`home-faq-${key}`}
                    aria-controls={`home-faq-${key}-answer`}
                    expandIcon={
                      <AddRounded
                        sx={{ transition: 'transform .2s', transform: open ? 'rotate(45deg)' : 'none' }}
                        color={open ? 'primary' : 'action'}
                      />
                    }
                    sx={{
                      px: 0,
                      py: 1,
                      '& .MuiAccordionSummary-expandIconWrapper.Mui-expanded': { transform: 'none' },
                    }}
                  >
                    <Typography
                      sx={{ fontWeight: 700, typography: { xs: 'textXl', md: 'text3xl' }, pr: 2, lineHeight: 1.45 }}
                    >
                      {t(`faq.items.${key}.question`)}
                    </Typography>
                  </AccordionSummary>
                  <AccordionDetails id={`home-faq-${key}-answer`} sx={{ px: 0, pt: 0, pb: 2.5 }}>
                    <Typography
                      color="text.secondary"
                      sx={{ lineHeight: 1.8, typography: { xs: 'textLg', md: 'textXl' }, maxWidth: 680 }}
                    >
                      {t(`faq.items.${key}.answer`)}
                    </Typography>
                  </AccordionDetails>
                </Accordion>
              );
            })}
          </Box>
        </Box>
      </Container>
    </Box>
  );
}
