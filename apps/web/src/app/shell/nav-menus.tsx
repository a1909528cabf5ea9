import ExpandMoreRounded from '@mui/icons-material/ExpandMoreRounded';
import Box from '@mui/material/Box';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import MenuList from '@mui/material/MenuList';
import { alpha } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { HoverPopup } from './hover-popup.tsx';
import { NAV_ICONS } from './nav-icons.tsx';
import { isActivePath, isGroupActive, NAV_GROUPS, type NavGroup } from './nav-items.ts';

function GroupMenu({ group }: { group: NavGroup }) {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  const active = isGroupActive(group, pathname);
  return (
    <HoverPopup
      id={`nav-menu-${group.key}`}
      trigger={t(group.title)}
      buttonProps={{
        color: 'inherit',
        endIcon: <ExpandMoreRounded sx={{ transition: 'transform 160ms' }} />,
        sx: {
          height: 40,
          px: { md: 1, lg: 1.5 },
          borderRadius: 2,
          typography: { md: 'textMd', lg: 'textLg' },
          fontWeight: active ? 700 : 600,
          color: active ? 'primary.main' : 'text.primary',
          whiteSpace: 'nowrap',
          '&[aria-expanded="true"]': { bgcolor: 'action.hover' },
          '&[aria-expanded="true"] .MuiButton-endIcon svg': { transform: 'rotate(180deg)' },
          '& .MuiButton-endIcon': { ml: 0.25 },
        },
      }}
      paperSx={{ width: 340, p: 1 }}
    >
      {({ close, autoFocus }) => (
        <MenuList autoFocusItem={autoFocus} aria-label={t(group.title)} sx={{ py: 0 }}>
          {group.items.map((item) => {
            const Icon = NAV_ICONS[item.key] ?? ExpandMoreRounded;
            const selected = isActivePath(pathname, item.to);
            return (
              <MenuItem
                key={item.key}
                component={RouterLink}
                to={item.to}
                onClick={close}
                selected={selected}
                sx={{ py: 1.25, px: 1.25, alignItems: 'flex-start', gap: 0.5, whiteSpace: 'normal' }}
              >
                <ListItemIcon sx={{ mt: 0.25 }}>
                  <Box
                    sx={{
                      width: 36,
                      height: 36,
                      borderRadius: '10px',
                      display: 'grid',
                      placeItems: 'center',
                      color: 'primary.main',
                      bgcolor: (theme) => alpha(theme.palette.primary.main, 0.08),
                    }}
                  >
                    <Icon fontSize="small" />
                  </Box>
                </ListItemIcon>
                <ListItemText
                  primary={t(item.label)}
                  secondary={t(item.hint)}
                  slotProps={{
                    primary: { sx: { fontWeight: 600, typography: 'textLg' } },
                    secondary: { sx: { typography: 'textSm', mt: 0.25 } },
                  }}
                  sx={{ ml: 1, my: 0 }}
                />
              </MenuItem>
            );
          })}
        </MenuList>
      )}
    </HoverPopup>
  );
}

/** Desktop navigation: the two spec §2 groups as dropdown menus. */
export function DesktopNav() {
  const { t } = useTranslation('shell');
  return (
    <Box
      component="nav"
      aria-label={t('topBar.mainNav')}
      sx={{ display: 'flex', alignItems: 'center', gap: { md: 0, lg: 0.5 } }}
    >
      {NAV_GROUPS.map((group) => (
        <GroupMenu key={group.key} group={group} />
      ))}
    </Box>
  );
}
