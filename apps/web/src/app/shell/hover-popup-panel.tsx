import ClickAwayListener from '@mui/material/ClickAwayListener';
import Grow from '@mui/material/Grow';
import Paper from '@mui/material/Paper';
import Popper, { type PopperPlacementType } from '@mui/material/Popper';
import type { SxProps, Theme } from '@mui/material/styles';
import type { KeyboardEvent, PointerEvent, ReactNode } from 'react';

export interface HoverPopupPanelProps {
  id: string;
  open: boolean;
  anchor: HTMLElement | null;
  placement: PopperPlacementType;
  paperSx?: SxProps<Theme>;
  onPointerEnter: () => void;
  onPointerLeave: (event: PointerEvent) => void;
  onKeyDown: (event: KeyboardEvent) => void;
  onClickAway: (event: globalThis.MouseEvent | TouchEvent) => void;
  children: ReactNode;
}

/** The panel of a HoverPopup (downloaded the first time it opens: see components/lazy-on-open.tsx). */
export default function HoverPopupPanel({
  id,
  open,
  anchor,
  placement,
  paperSx,
  onPointerEnter,
  onPointerLeave,
  onKeyDown,
  onClickAway,
  children,
}: HoverPopupPanelProps) {
  return (
    <Popper
      open={open}
      anchorEl={anchor}
      placement={placement}
      transition
      role="presentation"
      modifiers={[{ name: 'offset', options: { offset: [0, 8] } }]}
      sx={{ zIndex: (theme) => theme.zIndex.appBar + 1 }}
    >
      {({ TransitionProps }) => (
        <Grow {...TransitionProps} style={{ transformOrigin: placement.endsWith('end') ? 'right top' : 'left top' }}>
          <Paper
            id={id}
            elevation={0}
            onPointerEnter={onPointerEnter}
            onPointerLeave={onPointerLeave}
            onKeyDown={onKeyDown}
            sx={[
              {
                mt: 0,
                border: 1,
                borderColor: 'divider',
                boxShadow: '0 18px 48px -12px rgba(15, 23, 42, 0.22), 0 4px 12px -4px rgba(15, 23, 42, 0.08)',
                overflow: 'hidden',
              },
              ...(Array.isArray(paperSx) ? paperSx : [paperSx]),
            ]}
          >
            <ClickAwayListener onClickAway={onClickAway}>
              <div>{children}</div>
            </ClickAwayListener>
          </Paper>
        </Grow>
      )}
    </Popper>
  );
}
