import ArrowForwardRounded from '@mui/icons-material/ArrowForwardRounded';
import Box from '@mui/material/Box';
import CardActionArea from '@mui/material/CardActionArea';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { BlogPostMeta } from '../content-store.ts';
import { formatArticleDate, useContentLocale } from '../lib/content-locale.ts';
import { blogPostPath } from '../lib/paths.ts';

const TAG_COLORS: Record<string, 'primary' | 'secondary' | 'warning' | 'success'> = {
  product: 'primary',
  security: 'success',
  notice: 'warning',
};

export const BLOG_TAGS = ['product', 'security', 'notice'] as const;

export function BlogTag({ tag }: { tag: string }) {
  const { t } = useTranslation('support');
  const color = TAG_COLORS[tag] ?? 'primary';
  const known = (BLOG_TAGS as readonly string[]).includes(tag);
  return (
    <Chip
      size="small"
      label={known ? t(`blog.tags.${tag}`) : tag}
      sx={(theme) => ({
        height: 22,
        typography: 'textXs',
        fontWeight: 700,
        color: theme.palette[color].dark,
        bgcolor: alpha(theme.palette[color].main, 0.1),
      })}
    />
  );
}

/** One announcement in a list: tag, date, title, summary. */
export function BlogCard({ post, headingLevel = 'h2' }: { post: BlogPostMeta; headingLevel?: 'h2' | 'h3' }) {
  const { t } = useTranslation('support');
  const locale = useContentLocale();
  return (
    <Paper
      variant="outlined"
      sx={(theme) => ({
        borderRadius: 3,
        overflow: 'hidden',
        transition: 'border-color .2s, box-shadow .2s, transform .2s',
        '&:hover': {
          borderColor: alpha(theme.palette.primary.main, 0.4),
          boxShadow: `0 10px 30px ${alpha(theme.palette.primary.main, 0.1)}`,
          transform: 'translateY(-1px)',
        },
      })}
    >
      <CardActionArea component={RouterLink} to={blogPostPath(post.slug)} sx={{ p: { xs: 2.25, md: 3 } }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25, mb: 1.25 }}>
          <BlogTag tag={post.tag} />
          <Typography component="time" dateTime={post.date} variant="body2" color="text.secondary">
            {formatArticleDate(post.date, locale)}
          </Typography>
        </Box>
        <Typography component={headingLevel} sx={{ fontWeight: 700, typography: 'cardTitle', lineHeight: 1.4 }}>
          {post.title}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1, lineHeight: 1.7, typography: 'textLg' }}>
          {post.summary}
        </Typography>
        <Box
          sx={{
            display: 'inline-flex',
            alignItems: 'center',
            gap: 0.5,
            mt: 1.75,
            color: 'primary.main',
            fontWeight: 600,
          }}
        >
          {t('blog.readMore')}
          <ArrowForwardRounded sx={{ fontSize: 18 }} />
        </Box>
      </CardActionArea>
    </Paper>
  );
}
