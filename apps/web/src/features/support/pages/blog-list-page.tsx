import CampaignOutlined from '@mui/icons-material/CampaignOutlined';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { BlogCard } from '../components/blog-card.tsx';
import { ContentError } from '../components/content-states.tsx';
import { DocHeader } from '../components/doc-header.tsx';
import { useBlogIndexQuery } from '../lib/content-queries.ts';

/** Announcements, newest first. */
export function BlogListPage() {
  const { t } = useTranslation('support');
  const query = useBlogIndexQuery();
  usePageTitle(t('blog.title'));

  return (
    <Box>
      <DocHeader crumbs={[{ label: t('blog.title') }]} title={t('blog.title')} description={t('blog.subtitle')} />
      {query.isPending ? (
        <Stack spacing={2} role="status" aria-busy="true" aria-label={t('content.loading')}>
          {[0, 1, 2].map((key) => (
            <Skeleton key={key} variant="rounded" height={168} sx={{ borderRadius: 3 }} />
          ))}
        </Stack>
      ) : query.isError ? (
        <ContentError error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data.length === 0 ? (
        <Paper variant="outlined" sx={{ p: { xs: 4, md: 6 }, borderRadius: 3, textAlign: 'center' }}>
          <CampaignOutlined sx={{ fontSize: 40, color: 'text.disabled' }} />
          <Typography sx={{ fontWeight: 700, mt: 1 }}>{t('blog.emptyTitle')}</Typography>
          <Typography color="text.secondary" variant="body2" sx={{ mt: 0.5 }}>
            {t('blog.emptyBody')}
          </Typography>
        </Paper>
      ) : (
        <Stack spacing={2} component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {query.data.map((post) => (
            <li key={post.slug}>
              <BlogCard post={post} />
            </li>
          ))}
        </Stack>
      )}
    </Box>
  );
}
