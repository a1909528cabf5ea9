import CloseRounded from '@mui/icons-material/CloseRounded';
import HelpOutlineRounded from '@mui/icons-material/HelpOutlineRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { NavListLink } from '../../components/nav-list-link.tsx';
import { TOP_BAR_HEIGHT } from '../theme.ts';
import { Logo } from './logo.tsx';
import { NAV_ICONS } from './nav-icons.tsx';
import { HELP_PATH, isActivePath, NAV_GROUPS } from './nav-items.ts';

interface MobileDrawerProps {
  open: boolean;
  onClose: () => void;
  isLogin: boolean;
  loginHref: string;
}

/** Phone navigation (< md): the two groups, help, and sign-in buttons when signed out. */
export default function MobileDrawer({ open, onClose, isLogin, loginHref }: MobileDrawerProps) {
  const { t } = useTranslation('shell');
  const { t: tc } = useTranslation('common');
  const { pathname } = useLocation();

  return (
    <Drawer
      anchor="left"
      open={open}
      onClose={onClose}
      // The drawer's panel is a dialog: it is named after the navigation it holds.
      slotProps={{ paper: { 'aria-label': t('topBar.mainNav'), sx: { width: 'min(320px, 86vw)', borderRadius: 0 } } }}
    >
      <Box
        sx={{
          height: TOP_BAR_HEIGHT,
          px: 2,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          borderBottom: 1,
          borderColor: 'divider',
          flexShrink: 0,
        }}
      >
        <Box onClick={onClose}>
          <Logo />
        </Box>
        <IconButton onClick={onClose} aria-label={t('topBar.closeMenu')} edge="end">
          <CloseRounded />
        </IconButton>
      </Box>
      <Box component="nav" aria-label={t('topBar.mainNav')} sx={{ flex: 1, overflowY: 'auto', px: 1.5, py: 1 }}>
        {NAV_GROUPS.map((group) => (
          <List
            key={group.key}
            dense
            subheader={
              <ListSubheader
                disableSticky
                sx={{ bgcolor: 'transparent', lineHeight: '36px', fontWeight: 700, px: 1.5 }}
              >
                {t(group.title)}
              </ListSubheader>
            }
          >
            {group.items.map((item) => {
              const Icon = NAV_ICONS[item.key] ?? HelpOutlineRounded;
              return (
                <NavListLink
                  key={item.key}
                  to={item.to}
                  onClick={onClose}
                  active={isActivePath(pathname, item.to)}
                  sx={{ minHeight: 48 }}
                >
                  <ListItemIcon sx={{ minWidth: 40, color: 'primary.main' }}>
                    <Icon fontSize="small" />
                  </ListItemIcon>
                  <ListItemText primary={t(item.label)} slotProps={{ primary: { sx: { fontWeight: 600 } } }} />
                </NavListLink>
              );
            })}
          </List>
        ))}
        <Divider sx={{ my: 1 }} />
        <List dense>
          <NavListLink to={HELP_PATH} onClick={onClose} sx={{ minHeight: 48 }}>
            <ListItemIcon sx={{ minWidth: 40, color: 'primary.main' }}>
              <HelpOutlineRounded fontSize="small" />
            </ListItemIcon>
            <ListItemText primary={t('topBar.helpCentre')} slotProps={{ primary: { sx: { fontWeight: 600 } } }} />
          </NavListLink>
        </List>
      </Box>
      {!isLogin && (
        <Box
          sx={{ p: 2, display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1.5, borderTop: 1, borderColor: 'divider' }}
        >
          <Button variant="outlined" component={RouterLink} to={loginHref} onClick={onClose}>
            {tc('actions.login')}
          </Button>
          <Button variant="contained" component={RouterLink} to="/account/register" onClick={onClose}>
            {tc('actions.register')}
          </Button>
        </Box>
      )}
    </Drawer>
  );
}
