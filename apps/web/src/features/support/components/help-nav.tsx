import ArticleOutlined from '@mui/icons-material/ArticleOutlined';
import CampaignOutlined from '@mui/icons-material/CampaignOutlined';
import GavelOutlined from '@mui/icons-material/GavelOutlined';
import HelpOutlineRounded from '@mui/icons-material/HelpOutlineRounded';
import HomeOutlined from '@mui/icons-material/HomeOutlined';
import MailOutlineRounded from '@mui/icons-material/MailOutlineRounded';
import MenuBookOutlined from '@mui/icons-material/MenuBookOutlined';
import PolicyOutlined from '@mui/icons-material/PolicyOutlined';
import ShieldOutlined from '@mui/icons-material/ShieldOutlined';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import { alpha } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatch } from 'react-router';
import { NavListLink } from '../../../components/nav-list-link.tsx';
import { SUPPORT_PATHS } from '../lib/paths.ts';

interface NavEntry {
  key: string;
  to: string;
  /** Pattern for the active state (decoded path); `end: false` also matches pages below it. */
  match: { path: string; end: boolean };
  icon: ReactNode;
}

interface NavSection {
  key: string;
  items: NavEntry[];
}

export const HELP_NAV: NavSection[] = [
  {
    key: 'guides',
    items: [
      {
        key: 'home',
        to: SUPPORT_PATHS.helpCenter,
        match: { path: '/help-center', end: true },
        icon: <HomeOutlined />,
      },
      {
        key: 'intro',
        to: SUPPORT_PATHS.intro,
        match: { path: '/help-center/docs/intro', end: true },
        icon: <MenuBookOutlined />,
      },
      {
        key: 'faq',
        to: SUPPORT_PATHS.faq,
        match: { path: '/help-center/docs/intro/zfaq/FAQ', end: true },
        icon: <HelpOutlineRounded />,
      },
      {
        key: 'blog',
        to: SUPPORT_PATHS.blog,
        match: { path: '/help-center/blog', end: false },
        icon: <CampaignOutlined />,
      },
    ],
  },
  {
    key: 'legal',
    items: [
      {
        key: 'serviceAgreement',
        to: SUPPORT_PATHS.serviceAgreement,
        match: { path: '/help-center/docs/agreement/service agreement', end: true },
        icon: <GavelOutlined />,
      },
      {
        key: 'privacy',
        to: SUPPORT_PATHS.privacy,
        match: { path: '/help-center/docs/agreement/privacy', end: true },
        icon: <ShieldOutlined />,
      },
      {
        key: 'terms',
        to: SUPPORT_PATHS.terms,
        match: { path: '/help-center/docs/agreement/terms', end: true },
        icon: <PolicyOutlined />,
      },
    ],
  },
  {
    key: 'more',
    items: [
      {
        key: 'contact',
        to: SUPPORT_PATHS.contactUs,
        match: { path: '/contact-us', end: true },
        icon: <MailOutlineRounded />,
      },
      {
        key: 'about',
        to: SUPPORT_PATHS.aboutUs,
        match: { path: '/about-us', end: true },
        icon: <ArticleOutlined />,
      },
    ],
  },
];

function NavItem({ entry, onNavigate }: { entry: NavEntry; onNavigate?: () => void }) {
  const { t } = useTranslation('support');
  const active = useMatch(entry.match) !== null;
  return (
    <NavListLink
      to={entry.to}
      active={active}
      onClick={onNavigate}
      sx={(theme) => ({
        py: 0.9,
        mb: 0.25,
        color: 'text.secondary',
        '& .MuiListItemIcon-root': { minWidth: 36, color: 'text.disabled' },
        '&:hover': { color: 'text.primary' },
        '&.Mui-selected': {
          color: 'primary.main',
          bgcolor: alpha(theme.palette.primary.main, 0.08),
          '& .MuiListItemIcon-root': { color: 'primary.main' },
          '&:hover': { bgcolor: alpha(theme.palette.primary.main, 0.12) },
        },
      })}
    >
      <ListItemIcon sx={{ '& svg': { fontSize: 20 } }}>{entry.icon}</ListItemIcon>
      <ListItemText
        primary={t(`nav.${entry.key}`)}
        slotProps={{ primary: { sx: { typography: 'textLg', fontWeight: active ? 700 : 500 } } }}
      />
    </NavListLink>
  );
}

/** The help-centre sidebar: guides, announcements, legal documents and contact. */
export function HelpNav({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation('support');
  return (
    <Box component="nav" aria-label={t('nav.label')}>
      {HELP_NAV.map((section) => (
        <List
          key={section.key}
          dense
          disablePadding
          sx={{ mb: 2 }}
          subheader={
            <ListSubheader
              disableSticky
              sx={{
                bgcolor: 'transparent',
                lineHeight: 2.4,
                px: 2,
                typography: 'textXs',
                fontWeight: 700,
                letterSpacing: '0.06em',
                textTransform: 'uppercase',
                color: 'text.secondary',
              }}
            >
              {t(`nav.sections.${section.key}`)}
            </ListSubheader>
          }
        >
          {section.items.map((entry) => (
            <NavItem key={entry.key} entry={entry} onNavigate={onNavigate} />
          ))}
        </List>
      ))}
    </Box>
  );
}
