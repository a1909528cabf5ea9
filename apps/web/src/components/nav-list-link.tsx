import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

/**
 * One link of a navigation list (a MUI List): a list item holding the link row, so the list holds only list
 * items, as screen readers count them ("list, 11 items"). `active` marks the page shown (selected look and
 * `aria-current="page"`).
 */
export function NavListLink({
  to,
  active = false,
  onClick,
  sx,
  children,
}: {
  to: string;
  active?: boolean;
  onClick?: () => void;
  /** The row's style (the link, not the list item). */
  sx?: SxProps<Theme>;
  children: ReactNode;
}) {
  return (
    <ListItem disablePadding>
      <ListItemButton
        component={RouterLink}
        to={to}
        selected={active}
        aria-current={active ? 'page' : undefined}
        onClick={onClick}
        sx={sx}
      >
        {children}
      </ListItemButton>
    </ListItem>
  );
}
