import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { NotFoundPage } from '../../../app/errors/not-found-page.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { usePageHead } from '../../../lib/page-head.tsx';
import { BlogCard, BlogTag } from '../components/blog-card.tsx';
import { ContentError, DocSkeleton } from '../components/content-states.tsx';
import { DocHeader } from '../components/doc-header.tsx';
import { HelpContactCard } from '../components/help-contact-card.tsx';
import { MarkdownView } from '../components/markdown-view.tsx';
import { formatArticleDate, useContentLocale } from '../lib/content-locale.ts';
import { useBlogIndexQuery, useBlogPostQuery } from '../lib/content-queries.ts';
import { SUPPORT_PATHS } from '../lib/paths.ts';
import { useHashScroll } from '../lib/use-hash-scroll.ts';

/**
 * One announcement: a bundled post, or one operators published (its Markdown rendered without raw HTML). A
 * malformed slug never gets here (the route loader answers 404); one that names no published announcement shows
 * the 404 page (on the server the loader already answered 404).
 */
export function BlogPostPage() {
  const { slug = '' } = useParams();
  const { t } = useTranslation('support');
  const locale = useContentLocale();
  const query = useBlogPostQuery(slug);
  const index = useBlogIndexQuery();
  usePageHead({
    title: query.data?.title ?? t('blog.title'),
    description: query.data?.summary || undefined,
    ogType: 'article',
  });
  useHashScroll(Boolean(query.data));
  const others = (index.data ?? []).filter((post) => post.slug !== slug).slice(0, 2);
  if (isApiError(query.error) && query.error.status === 404) return <NotFoundPage />;

  return (
    <Box sx={{ maxWidth: 880 }}>
      <Paper component="article" variant="outlined" sx={{ p: { xs: 2.5, sm: 4, md: 5 }, borderRadius: 4 }}>
        {query.isPending ? (
          <DocSkeleton lines={10} />
        ) : query.isError ? (
          <ContentError error={query.error} onRetry={() => void query.refetch()} />
        ) : (
          <>
            <DocHeader
              crumbs={[{ label: t('blog.title'), to: SUPPORT_PATHS.blog }, { label: query.data.title }]}
              title={query.data.title}
              description={query.data.summary}
              meta={
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25 }}>
                  <BlogTag tag={query.data.tag} />
                  <Typography component="time" dateTime={query.data.date} variant="body2" color="text.secondary">
                    {t('blog.publishedOn', { date: formatArticleDate(query.data.date, locale) })}
                  </Typography>
                </Box>
              }
            />
            <Divider sx={{ mb: { xs: 3, md: 4 } }} />
            <MarkdownView>{query.data.body}</MarkdownView>
          </>
        )}
      </Paper>

      <Button component={RouterLink} to={SUPPORT_PATHS.blog} startIcon={<ArrowBackRounded />} sx={{ mt: 2.5 }}>
        {t('blog.back')}
      </Button>

      {others.length > 0 ? (
        <Box component="section" sx={{ mt: 4 }} aria-labelledby="more-announcements">
          <Typography id="more-announcements" variant="h6" component="h2" sx={{ mb: 2 }}>
            {t('blog.more')}
          </Typography>
          <Stack spacing={2}>
            {others.map((post) => (
              <BlogCard key={post.slug} post={post} headingLevel="h3" />
            ))}
          </Stack>
        </Box>
      ) : null}

      <Box sx={{ mt: 4 }}>
        <HelpContactCard />
      </Box>
    </Box>
  );
}
