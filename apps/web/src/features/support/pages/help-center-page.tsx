import AccountBalanceWalletOutlined from '@mui/icons-material/AccountBalanceWalletOutlined';
import ArrowForwardRounded from '@mui/icons-material/ArrowForwardRounded';
import ChevronRightRounded from '@mui/icons-material/ChevronRightRounded';
import GavelOutlined from '@mui/icons-material/GavelOutlined';
import LocalShippingOutlined from '@mui/icons-material/LocalShippingOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import PolicyOutlined from '@mui/icons-material/PolicyOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import RocketLaunchOutlined from '@mui/icons-material/RocketLaunchOutlined';
import ShieldOutlined from '@mui/icons-material/ShieldOutlined';
import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import SwapHorizRounded from '@mui/icons-material/SwapHorizRounded';
import TimerOutlined from '@mui/icons-material/TimerOutlined';
import TrendingUpRounded from '@mui/icons-material/TrendingUpRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CardActionArea from '@mui/material/CardActionArea';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { IconTile } from '../../../components/icon-tile.tsx';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { BlogCard } from '../components/blog-card.tsx';
import { ContentError } from '../components/content-states.tsx';
import { HelpContactCard } from '../components/help-contact-card.tsx';
import { PageHero } from '../components/page-hero.tsx';
import { useBlogIndexQuery, useDocQuery } from '../lib/content-queries.ts';
import { parseFaq } from '../lib/markdown.ts';
import { SUPPORT_PATHS, withAnchor } from '../lib/paths.ts';

/** Support categories: each opens the matching section of the introduction. */
export const HELP_CATEGORIES: { key: string; anchor: string; icon: ReactNode }[] = [
  { key: 'gettingStarted', anchor: 'overview', icon: <RocketLaunchOutlined /> },
  { key: 'auctionTypes', anchor: 'auction-types', icon: <TimerOutlined /> },
  { key: 'bidding', anchor: 'bidding', icon: <TrendingUpRounded /> },
  { key: 'payment', anchor: 'payment', icon: <AccountBalanceWalletOutlined /> },
  { key: 'delivery', anchor: 'delivery', icon: <LocalShippingOutlined /> },
  { key: 'transfer', anchor: 'transfer', icon: <SwapHorizRounded /> },
  { key: 'selling', anchor: 'selling', icon: <StorefrontOutlined /> },
  { key: 'fees', anchor: 'fees', icon: <ReceiptLongOutlined /> },
  { key: 'security', anchor: 'account-security', icon: <LockOutlined /> },
];

/** FAQ entries shown as "popular questions" (ids of `### … {#id}` in faq.md). */
export const POPULAR_QUESTIONS = [
  'deposit',
  'payment-window',
  'delivery-time',
  'redeemed',
  'transfer-out',
  'settlement',
];

export const LEGAL_LINKS = [
  { key: 'serviceAgreement', to: SUPPORT_PATHS.serviceAgreement, icon: <GavelOutlined /> },
  { key: 'privacy', to: SUPPORT_PATHS.privacy, icon: <ShieldOutlined /> },
  { key: 'terms', to: SUPPORT_PATHS.terms, icon: <PolicyOutlined /> },
];

function SectionTitle({ id, title, action }: { id: string; title: string; action?: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'flex-end', justifyContent: 'space-between', gap: 2, mb: 2.5 }}>
      <Typography id={id} variant="h5" component="h2" sx={{ typography: 'helpSection' }}>
        {title}
      </Typography>
      {action}
    </Box>
  );
}

function PopularQuestions() {
  const { t } = useTranslation('support');
  const query = useDocQuery('faq');
  const items = useMemo(() => {
    if (!query.data) return [];
    const all = parseFaq(query.data.body).groups.flatMap((group) => group.items);
    return POPULAR_QUESTIONS.flatMap((id) => all.filter((item) => item.id === id));
  }, [query.data]);

  if (query.isError) return <ContentError error={query.error} onRetry={() => void query.refetch()} />;
  return (
    <Paper variant="outlined" sx={{ borderRadius: 3, overflow: 'hidden' }}>
      {query.isPending
        ? POPULAR_QUESTIONS.map((id) => (
            <Box
              key={id}
              sx={{ px: 2.5, py: 1.75, borderTop: 1, borderColor: 'divider', '&:first-of-type': { border: 0 } }}
            >
              <Skeleton variant="text" sx={{ width: '80%' }} />
            </Box>
          ))
        : items.map((item) => (
            <Link
              key={item.id}
              component={RouterLink}
              to={withAnchor(SUPPORT_PATHS.faq, item.id)}
              underline="none"
              color="text.primary"
              sx={{
                display: 'flex',
                alignItems: 'center',
                gap: 1.5,
                px: 2.5,
                py: 1.75,
                borderTop: 1,
                borderColor: 'divider',
                '&:first-of-type': { borderTop: 0 },
                fontWeight: 500,
                typography: 'textLg',
                '&:hover': { bgcolor: 'action.hover', color: 'primary.main' },
              }}
            >
              <Box component="span" sx={{ flex: 1 }}>
                {item.question}
              </Box>
              <ChevronRightRounded sx={{ color: 'text.disabled' }} />
            </Link>
          ))}
      <Box sx={{ px: 2.5, py: 1.5, borderTop: 1, borderColor: 'divider', bgcolor: 'background.default' }}>
        <Link component={RouterLink} to={SUPPORT_PATHS.faq} sx={{ fontWeight: 600, typography: 'textMd' }}>
          {t('center.allQuestions')}
        </Link>
      </Box>
    </Paper>
  );
}

function LatestAnnouncements() {
  const { t } = useTranslation('support');
  const query = useBlogIndexQuery();
  if (query.isPending) {
    return (
      <Stack spacing={2}>
        {[0, 1].map((key) => (
          <Skeleton key={key} variant="rounded" height={150} sx={{ borderRadius: 3 }} />
        ))}
      </Stack>
    );
  }
  if (query.isError) return <ContentError error={query.error} onRetry={() => void query.refetch()} />;
  if (query.data.length === 0) {
    return (
      <Paper variant="outlined" sx={{ p: 3, borderRadius: 3 }}>
        <Typography color="text.secondary">{t('blog.emptyTitle')}</Typography>
      </Paper>
    );
  }
  return (
    <Stack spacing={2}>
      {query.data.slice(0, 2).map((post) => (
        <BlogCard key={post.slug} post={post} headingLevel="h3" />
      ))}
    </Stack>
  );
}

/** Help-centre home: support categories, popular questions, announcements, legal documents, contact. */
export function HelpCenterPage() {
  const { t } = useTranslation('support');
  usePageTitle(t('nav.title'));

  return (
    <Box sx={{ bgcolor: 'background.default', pb: { xs: 6, md: 10 } }}>
      <PageHero eyebrow={t('center.eyebrow')} title={t('center.title')} subtitle={t('center.subtitle')} align="center">
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ justifyContent: 'center' }}>
          <Button component={RouterLink} to={SUPPORT_PATHS.intro} variant="contained" size="large">
            {t('center.readIntro')}
          </Button>
          <Button
            component={RouterLink}
            to={SUPPORT_PATHS.faq}
            variant="outlined"
            size="large"
            sx={{ bgcolor: 'background.paper' }}
          >
            {t('center.browseFaq')}
          </Button>
        </Stack>
      </PageHero>

      <Container maxWidth="lg" sx={{ mt: { xs: 5, md: 7 } }}>
        <Box component="section" aria-labelledby="help-categories">
          <SectionTitle id="help-categories" title={t('center.categoriesTitle')} />
          <Box
            component="ul"
            sx={{
              listStyle: 'none',
              p: 0,
              m: 0,
              display: 'grid',
              gap: { xs: 1.5, md: 2.5 },
              gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' },
            }}
          >
            {HELP_CATEGORIES.map((category) => (
              <li key={category.key}>
                <Paper
                  variant="outlined"
                  sx={(theme) => ({
                    height: '100%',
                    borderRadius: 3,
                    transition: 'border-color .2s, box-shadow .2s, transform .2s',
                    '&:hover': {
                      borderColor: alpha(theme.palette.primary.main, 0.45),
                      boxShadow: `0 12px 32px ${alpha(theme.palette.primary.main, 0.12)}`,
                      transform: 'translateY(-2px)',
                    },
                  })}
                >
                  <CardActionArea
                    component={RouterLink}
                    to={withAnchor(SUPPORT_PATHS.intro, category.anchor)}
                    sx={{ height: '100%', p: { xs: 2.25, md: 3 }, display: 'flex', alignItems: 'flex-start', gap: 2 }}
                  >
                    <IconTile gradient>{category.icon}</IconTile>
                    <Box sx={{ minWidth: 0 }}>
                      <Typography component="h3" sx={{ fontWeight: 700, typography: 'text2xl' }}>
                        {t(`center.categories.${category.key}.title`)}
                      </Typography>
                      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, lineHeight: 1.65 }}>
                        {t(`center.categories.${category.key}.description`)}
                      </Typography>
                    </Box>
                  </CardActionArea>
                </Paper>
              </li>
            ))}
          </Box>
        </Box>

        <Box
          sx={{
            mt: { xs: 6, md: 8 },
            display: 'grid',
            gap: { xs: 6, md: 4 },
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) minmax(0, 1fr)' },
          }}
        >
          <Box component="section" aria-labelledby="help-popular">
            <SectionTitle id="help-popular" title={t('center.popularTitle')} />
            <PopularQuestions />
          </Box>
          <Box component="section" aria-labelledby="help-announcements">
            <SectionTitle
              id="help-announcements"
              title={t('center.announcementsTitle')}
              action={
                <Button
                  component={RouterLink}
                  to={SUPPORT_PATHS.blog}
                  size="small"
                  endIcon={<ArrowForwardRounded />}
                  sx={{ flexShrink: 0 }}
                >
                  {t('center.viewAll')}
                </Button>
              }
            />
            <LatestAnnouncements />
          </Box>
        </Box>

        <Box component="section" aria-labelledby="help-legal" sx={{ mt: { xs: 6, md: 8 } }}>
          <SectionTitle id="help-legal" title={t('center.legalTitle')} />
          <Box
            sx={{
              display: 'grid',
              gap: { xs: 1.5, md: 2.5 },
              gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' },
            }}
          >
            {LEGAL_LINKS.map((link) => (
              <Paper key={link.key} variant="outlined" sx={{ borderRadius: 3 }}>
                <CardActionArea
                  component={RouterLink}
                  to={link.to}
                  sx={{ p: 2.25, display: 'flex', alignItems: 'center', gap: 1.5, justifyContent: 'flex-start' }}
                >
                  <Box sx={{ color: 'text.secondary', display: 'flex' }}>{link.icon}</Box>
                  <Typography sx={{ fontWeight: 600, flex: 1 }}>{t(`nav.${link.key}`)}</Typography>
                  <ChevronRightRounded sx={{ color: 'text.disabled' }} />
                </CardActionArea>
              </Paper>
            ))}
          </Box>
        </Box>

        <Box sx={{ mt: { xs: 6, md: 8 } }}>
          <HelpContactCard />
        </Box>
      </Container>
    </Box>
  );
}
