import ArrowForwardRounded from '@mui/icons-material/ArrowForwardRounded';
import CheckRounded from '@mui/icons-material/CheckRounded';
import HourglassTopRounded from '@mui/icons-material/HourglassTopRounded';
import UpdateRounded from '@mui/icons-material/UpdateRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { IconTile } from '../../../components/icon-tile.tsx';
import { SALE_PATH } from '../lib/search-url.ts';
import { SectionHeading } from './section-heading.tsx';

export const AUCTION_TYPES: { key: string; icon: ReactNode; points: string[] }[] = [
  { key: 'preRelease', icon: <HourglassTopRounded />, points: ['p1', 'p2', 'p3'] },
  { key: 'expired', icon: <UpdateRounded />, points: ['p1', 'p2', 'p3'] },
];

/** The two kinds of auctions, sharing one set of rules. */
export function AuctionTypes() {
  const { t } = useTranslation('home');
  return (
    <Box component="section" aria-labelledby="home-types" sx={{ py: { xs: 7, md: 11 } }}>
      <Container maxWidth="lg">
        <SectionHeading
          id="home-types"
          eyebrow={t('types.eyebrow')}
          title={t('types.title')}
          subtitle={t('types.subtitle')}
        />
        <Box
          sx={{
            mt: { xs: 4, md: 6 },
            display: 'grid',
            gap: { xs: 2, md: 3 },
            gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' },
          }}
        >
          {AUCTION_TYPES.map((type) => (
            <Box
              key={type.key}
              sx={(theme) => ({
                p: { xs: 3, md: 4.5 },
                borderRadius: 5,
                bgcolor: 'background.paper',
                border: `1px solid ${theme.palette.divider}`,
                boxShadow: '0 1px 2px rgba(15, 23, 42, 0.04)',
                display: 'flex',
                flexDirection: 'column',
              })}
            >
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
                <IconTile>{type.icon}</IconTile>
                <Typography component="h3" sx={{ fontWeight: 800, typography: { xs: 'text4xl', md: 'text5xl' } }}>
                  {t(`types.${type.key}.title`)}
                </Typography>
              </Box>
              <Typography color="text.secondary" sx={{ mt: 2, lineHeight: 1.75, typography: 'textXl' }}>
                {t(`types.${type.key}.body`)}
              </Typography>
              <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mt: 2.5, display: 'grid', gap: 1.25, flex: 1 }}>
                {type.points.map((point) => (
                  <Box component="li" key={point} sx={{ display: 'flex', gap: 1.25, alignItems: 'flex-start' }}>
                    <CheckRounded sx={{ color: 'success.main', fontSize: 20, mt: '2px' }} />
                    <Typography sx={{ typography: 'textLg', lineHeight: 1.6 }}>
                      {t(`types.${type.key}.${point}`)}
                    </Typography>
                  </Box>
                ))}
              </Box>
            </Box>
          ))}
        </Box>
        <Box sx={{ mt: { xs: 3.5, md: 5 }, textAlign: 'center' }}>
          <Button
            component={RouterLink}
            to={SALE_PATH}
            variant="contained"
            size="large"
            endIcon={<ArrowForwardRounded />}
          >
            {t('types.browse')}
          </Button>
        </Box>
      </Container>
    </Box>
  );
}
