import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import { alpha } from '@mui/material/styles';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import type { ReactElement, ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { NavListLink } from './nav-list-link.tsx';
import { PAGE_WIDTHS } from './page-widths.ts';

export interface ConsoleNavItem {
  key: string;
  to: string;
  label: string;
  icon: ReactElement;
}

/** The sizes of a console's frame (the user console's by default). */
export interface ConsoleFrameSizes {
  /** The widest the frame grows (px). */
  maxWidth: number;
  /** Space above and below on desktop (theme spacing). */
  gutter: number;
  /** The side menu's width (px). */
  menuWidth: number;
  /** A menu row's height (px). */
  rowHeight: number;
  /** Space above and under the menu's rows (theme spacing). */
  menuPadding: [top: number, bottom: number];
  /** A phone tab's height (px). */
  tabHeight: number;
}

const USER_CONSOLE: ConsoleFrameSizes = {
  maxWidth: PAGE_WIDTHS.console,
  gutter: 4,
  menuWidth: 236,
  rowHeight: 44,
  menuPadding: [0, 1.5],
  tabHeight: 52,
};

/**
 * The frame of a console (the user's /console and the operator's /admin): on desktop a sticky side menu with
 * `menuHeader` above its rows, on phones `phoneHeader` above a strip of scrollable tabs; the page beside or below.
 */
export function ConsoleFrame({
  items,
  current,
  label,
  menuHeader,
  phoneHeader,
  sizes = USER_CONSOLE,
  testId,
  children,
}: {
  items: ConsoleNavItem[];
  /** The key of the page shown, false when it is none of the items. */
  current: string | false;
  /** The navigation's accessible name. */
  label: string;
  menuHeader: ReactNode;
  phoneHeader?: ReactNode;
  sizes?: ConsoleFrameSizes;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <Box sx={{ bgcolor: 'background.default', minHeight: '70vh' }} data-testid={testId}>
      <Box
        sx={{
          maxWidth: sizes.maxWidth,
          mx: 'auto',
          px: { xs: 0, md: 3 },
          py: { xs: 0, md: sizes.gutter },
          display: 'flex',
          flexDirection: { xs: 'column', md: 'row' },
          gap: { xs: 0, md: 3 },
          alignItems: 'flex-start',
        }}
      >
        <Paper
          component="nav"
          aria-label={label}
          variant="outlined"
          sx={{
            display: { xs: 'none', md: 'block' },
            width: sizes.menuWidth,
            flexShrink: 0,
            position: 'sticky',
            top: 88,
            overflow: 'hidden',
          }}
        >
          {menuHeader}
          <List dense disablePadding sx={{ pt: sizes.menuPadding[0], pb: sizes.menuPadding[1] }}>
            {items.map(({ key, to, label: text, icon }) => {
              const active = current === key;
              return (
                <NavListLink
                  key={key}
                  to={to}
                  active={active}
                  sx={(theme) => ({
                    mx: 1,
                    my: 0.25,
                    borderRadius: 1.5,
                    minHeight: sizes.rowHeight,
                    color: active ? 'primary.main' : 'text.primary',
                    '&.Mui-selected': { bgcolor: alpha(theme.palette.primary.main, 0.08) },
                  })}
                >
                  <ListItemIcon sx={{ minWidth: 36, color: active ? 'primary.main' : 'text.secondary' }}>
                    {icon}
                  </ListItemIcon>
                  <ListItemText
                    primary={text}
                    slotProps={{ primary: { sx: { typography: 'textLg', fontWeight: active ? 700 : 500 } } }}
                  />
                </NavListLink>
              );
            })}
          </List>
        </Paper>

        <Box
          sx={{
            display: { xs: 'block', md: 'none' },
            width: '100%',
            bgcolor: 'background.paper',
            borderBottom: 1,
            borderColor: 'divider',
          }}
        >
          {phoneHeader}
          <Box component="nav" aria-label={label}>
            <Tabs value={current} variant="scrollable" scrollButtons={false}>
              {items.map(({ key, to, label: text, icon }) => (
                <Tab
                  key={key}
                  value={key}
                  component={RouterLink}
                  to={to}
                  icon={icon}
                  iconPosition="start"
                  label={text}
                  sx={{ minHeight: sizes.tabHeight, typography: 'textMd' }}
                />
              ))}
            </Tabs>
          </Box>
        </Box>

        {/* The page: the shell's <main> already holds the whole console, so this is a plain box. */}
        <Box sx={{ flex: 1, minWidth: 0, width: '100%', px: { xs: 2, md: 0 }, py: { xs: 2.5, md: 0 } }}>{children}</Box>
      </Box>
    </Box>
  );
}
