import EventOutlined from '@mui/icons-material/EventOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { ContentError, DocSkeleton } from '../components/content-states.tsx';
import { type Crumb, DocHeader } from '../components/doc-header.tsx';
import { DocToc } from '../components/doc-toc.tsx';
import { HelpContactCard } from '../components/help-contact-card.tsx';
import { MarkdownView } from '../components/markdown-view.tsx';
import type { DocId } from '../content-store.ts';
import { formatArticleDate, useContentLocale } from '../lib/content-locale.ts';
import { useDocQuery } from '../lib/content-queries.ts';
import { useHashScroll } from '../lib/use-hash-scroll.ts';

type ArticleDocId = Exclude<DocId, 'faq'>;

const NAV_KEY: Record<ArticleDocId, string> = {
  intro: 'intro',
  'service-agreement': 'serviceAgreement',
  privacy: 'privacy',
  terms: 'terms',
};

const IS_LEGAL: Record<ArticleDocId, boolean> = {
  intro: false,
  'service-agreement': true,
  privacy: true,
  terms: true,
};

/** A help-centre document: breadcrumbs, title, last revision, Markdown body and "on this page". */
export function DocPage({ id }: { id: ArticleDocId }) {
  const { t } = useTranslation('support');
  const locale = useContentLocale();
  const query = useDocQuery(id);
  const doc = query.data;
  const fallbackTitle = t(`nav.${NAV_KEY[id]}`);
  usePageTitle(fallbackTitle);
  useHashScroll(Boolean(doc));

  const crumbs: Crumb[] = [
    ...(IS_LEGAL[id] ? [{ label: t('nav.sections.legal') }] : []),
    { label: doc?.title ?? fallbackTitle },
  ];

  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) 200px' },
        gap: { lg: 4 },
        alignItems: 'start',
      }}
    >
      <Box sx={{ minWidth: 0 }}>
        <Paper
          component="article"
          variant="outlined"
          sx={{ p: { xs: 2.5, sm: 4, md: 5 }, borderRadius: 4, borderColor: 'divider' }}
        >
          {query.isPending ? (
            <DocSkeleton lines={12} />
          ) : query.isError ? (
            <ContentError error={query.error} onRetry={() => void query.refetch()} />
          ) : (
            <>
              <DocHeader
                crumbs={crumbs}
                title={query.data.title}
                description={query.data.description}
                meta={
                  query.data.updated ? (
                    <Chip
                      size="small"
                      icon={<EventOutlined />}
                      label={t('content.updated', { date: formatArticleDate(query.data.updated, locale) })}
                      sx={{ bgcolor: 'action.hover', fontWeight: 500, '& .MuiChip-icon': { fontSize: 16 } }}
                    />
                  ) : null
                }
              />
              <Divider sx={{ mb: { xs: 3, md: 4 } }} />
              <MarkdownView>{query.data.body}</MarkdownView>
            </>
          )}
        </Paper>
        <Box sx={{ mt: 3 }}>
          <HelpContactCard />
        </Box>
      </Box>
      <Box component="aside" sx={{ display: { xs: 'none', lg: 'block' }, position: 'sticky', top: 68 + 24 }}>
        {doc ? <DocToc headings={doc.headings} /> : null}
      </Box>
    </Box>
  );
}

export function IntroPage() {
  return <DocPage id="intro" />;
}

export function ServiceAgreementPage() {
  return <DocPage id="service-agreement" />;
}

export function PrivacyPage() {
  return <DocPage id="privacy" />;
}

export function TermsPage() {
  return <DocPage id="terms" />;
}
