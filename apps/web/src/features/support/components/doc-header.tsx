import NavigateNextRounded from '@mui/icons-material/NavigateNextRounded';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { SUPPORT_PATHS } from '../lib/paths.ts';

export interface Crumb {
  label: string;
  to?: string;
}

/** Breadcrumbs from the help-centre home, the page title and an optional line of details. */
export function DocHeader({
  crumbs,
  title,
  description,
  meta,
}: {
  crumbs: Crumb[];
  title: ReactNode;
  description?: ReactNode;
  meta?: ReactNode;
}) {
  const { t } = useTranslation('support');
  return (
    <Box component="header" sx={{ mb: { xs: 3, md: 4 } }}>
      <Breadcrumbs
        separator={<NavigateNextRounded fontSize="small" />}
        aria-label={t('nav.breadcrumb')}
        sx={{ mb: 2, typography: 'textMd', '& .MuiBreadcrumbs-separator': { mx: 0.5, color: 'text.disabled' } }}
      >
        <Link component={RouterLink} to={SUPPORT_PATHS.helpCenter} color="text.secondary">
          {t('nav.title')}
        </Link>
        {crumbs.map((crumb) =>
          crumb.to ? (
            <Link key={crumb.label} component={RouterLink} to={crumb.to} color="text.secondary">
              {crumb.label}
            </Link>
          ) : (
            <Typography key={crumb.label} color="text.primary" sx={{ typography: 'textMd', fontWeight: 600 }}>
              {crumb.label}
            </Typography>
          ),
        )}
      </Breadcrumbs>
      <Typography
        variant="h3"
        component="h1"
        sx={{ typography: 'docTitle', lineHeight: 1.2, mb: description ? 1.5 : 0 }}
      >
        {title}
      </Typography>
      {description ? (
        <Typography
          color="text.secondary"
          sx={{ typography: { xs: 'textXl', md: 'text2xl' }, lineHeight: 1.7, maxWidth: 760 }}
        >
          {description}
        </Typography>
      ) : null}
      {meta ? <Box sx={{ mt: 2 }}>{meta}</Box> : null}
    </Box>
  );
}
