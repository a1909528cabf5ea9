import ArrowForwardRounded from '@mui/icons-material/ArrowForwardRounded';
import CampaignOutlined from '@mui/icons-material/CampaignOutlined';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import type { AnnouncementSummary } from '@namebourse/contract';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatDate } from '../../../lib/format.ts';
import { useDisplayTimeZone } from '../../../lib/render-env.ts';
import { useLatestAnnouncements } from '../api/get-latest-announcements.ts';

/** Where the help centre lists announcements and shows one (spec §2: /help-center/blog). */
export const BLOG_PATH = '/help-center/blog';
const postPath = (slug: string) => `${BLOG_PATH}/${encodeURIComponent(slug)}`;

function titleOf(item: AnnouncementSummary, lng: string): string {
  return lng.startsWith('zh') ? item.titleZh : item.titleEn;
}

/**
 * The newest announcements operators published, as a slim strip under the hero: each title links to its page in
 * the help centre, with its date; 'All announcements' leads to the blog. Nothing shows while there are none or
 * the list cannot be read (the home page stays as it was).
 */
export function LatestAnnouncements() {
  const { t, i18n } = useTranslation('home');
  const timeZone = useDisplayTimeZone();
  const query = useLatestAnnouncements();
  const items = query.data ?? [];
  if (items.length === 0) return null;
  const lng = i18n.resolvedLanguage ?? i18n.language;
  return (
    <Box
      component="section"
      aria-labelledby="home-announcements-title"
      data-testid="home-announcements"
      sx={(theme) => ({
        borderBottom: `1px solid ${theme.palette.divider}`,
        bgcolor: alpha(theme.palette.primary.main, 0.04),
      })}
    >
      <Container
        maxWidth="lg"
        sx={{
          py: 1.5,
          display: 'flex',
          flexDirection: { xs: 'column', md: 'row' },
          alignItems: { xs: 'flex-start', md: 'center' },
          gap: { xs: 1, md: 2.5 },
        }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexShrink: 0 }}>
          <CampaignOutlined color="primary" fontSize="small" aria-hidden="true" />
          <Typography id="home-announcements-title" component="h2" sx={{ fontWeight: 700, typography: 'textMd' }}>
            {t('announcements.title')}
          </Typography>
        </Box>
        <Box
          component="ul"
          sx={{
            listStyle: 'none',
            m: 0,
            p: 0,
            flex: 1,
            minWidth: 0,
            display: 'flex',
            flexDirection: { xs: 'column', md: 'row' },
            gap: { xs: 0.75, md: 3 },
            width: { xs: '100%', md: 'auto' },
          }}
        >
          {items.map((item) => (
            <Box component="li" key={item.slug} sx={{ minWidth: 0, display: 'flex', alignItems: 'baseline', gap: 1 }}>
              <Link
                component={RouterLink}
                to={postPath(item.slug)}
                underline="hover"
                sx={{
                  fontWeight: 600,
                  typography: 'textMd',
                  overflow: 'hidden',
                  textOverflow: 'ellipsis',
                  whiteSpace: 'nowrap',
                }}
              >
                {titleOf(item, lng)}
              </Link>
              <Typography
                component="time"
                dateTime={item.publishedAt}
                color="text.secondary"
                sx={{ typography: 'textSm', flexShrink: 0 }}
              >
                {formatDate(item.publishedAt, lng, timeZone)}
              </Typography>
            </Box>
          ))}
        </Box>
        <Link
          component={RouterLink}
          to={BLOG_PATH}
          underline="hover"
          sx={{
            display: 'inline-flex',
            alignItems: 'center',
            gap: 0.5,
            fontWeight: 600,
            typography: 'textMd',
            flexShrink: 0,
          }}
        >
          {t('announcements.all')}
          <ArrowForwardRounded sx={{ fontSize: 18 }} aria-hidden="true" />
        </Link>
      </Container>
    </Box>
  );
}
