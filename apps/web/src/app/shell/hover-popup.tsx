import Button, { type ButtonProps } from '@mui/material/Button';
import ClickAwayListener from '@mui/material/ClickAwayListener';
import Grow from '@mui/material/Grow';
import Paper from '@mui/material/Paper';
import Popper, { type PopperPlacementType } from '@mui/material/Popper';
import type { SxProps, Theme } from '@mui/material/styles';
import { type KeyboardEvent, type MouseEvent, type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';

export interface HoverPopupRenderProps {
  close: () => void;
  /** True when opened from the keyboard: the content should focus its first item. */
  autoFocus: boolean;
}

interface HoverPopupProps {
  id: string;
  trigger: ReactNode;
  buttonProps?: Omit<ButtonProps, 'onClick' | 'onPointerEnter' | 'onPointerLeave' | 'children'>;
  placement?: PopperPlacementType;
  paperSx?: SxProps<Theme>;
  children: (props: HoverPopupRenderProps) => ReactNode;
}

const CLOSE_DELAY_MS = 160;

/**
 * A button with a popup panel that opens on mouse hover (spec §2 account popup) and on click or tap (touch,
 * keyboard). A hover-opened panel closes when the pointer leaves; a clicked one stays until click-away,
 * Escape or a choice.
 */
export function HoverPopup({
  id,
  trigger,
  buttonProps,
  placement = 'bottom-start',
  paperSx,
  children,
}: HoverPopupProps) {
  const anchorRef = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const [autoFocus, setAutoFocus] = useState(false);
  const reason = useRef<'hover' | 'click' | null>(null);
  const timer = useRef<number | undefined>(undefined);
  const { pathname } = useLocation();

  const cancelClose = useCallback(() => window.clearTimeout(timer.current), []);

  const close = useCallback(() => {
    cancelClose();
    reason.current = null;
    setOpen(false);
    setAutoFocus(false);
  }, [cancelClose]);

  const openBy = (why: 'hover' | 'click', focusFirst = false) => {
    cancelClose();
    reason.current = why;
    setAutoFocus(focusFirst);
    setOpen(true);
  };

  const scheduleClose = () => {
    if (reason.current !== 'hover') return;
    cancelClose();
    timer.current = window.setTimeout(close, CLOSE_DELAY_MS);
  };

  useEffect(() => cancelClose, [cancelClose]);

  // A navigation (a choice in the panel, or browser back) closes the panel.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on path change only.
  useEffect(() => {
    close();
  }, [pathname]);

  const onClick = (event: MouseEvent<HTMLButtonElement>) => {
    const fromKeyboard = event.detail === 0;
    if (open && reason.current === 'hover' && !fromKeyboard) {
      reason.current = 'click';
      return;
    }
    if (open) close();
    else openBy('click', fromKeyboard);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      close();
      anchorRef.current?.focus();
    } else if (event.key === 'Tab') {
      close();
    }
  };

  const onTriggerKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' && !open) {
      event.preventDefault();
      openBy('click', true);
    } else if (event.key === 'Escape' && open) {
      close();
    }
  };

  const onClickAway = (event: globalThis.MouseEvent | TouchEvent) => {
    if (anchorRef.current?.contains(event.target as Node)) return;
    close();
  };

  return (
    <>
      <Button
        ref={anchorRef}
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        {...buttonProps}
        onClick={onClick}
        onKeyDown={onTriggerKeyDown}
        onPointerEnter={(event) => {
          if (event.pointerType !== 'mouse') return;
          if (open) cancelClose();
          else openBy('hover');
        }}
        onPointerLeave={(event) => {
          if (event.pointerType === 'mouse') scheduleClose();
        }}
      >
        {trigger}
      </Button>
      <Popper
        open={open}
        anchorEl={anchorRef.current}
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
              onPointerEnter={cancelClose}
              onPointerLeave={(event) => {
                if (event.pointerType === 'mouse') scheduleClose();
              }}
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
                <div>{children({ close, autoFocus })}</div>
              </ClickAwayListener>
            </Paper>
          </Grow>
        )}
      </Popper>
    </>
  );
}
