import Button, { type ButtonProps } from '@mui/material/Button';
import type { PopperPlacementType } from '@mui/material/Popper';
import type { SxProps, Theme } from '@mui/material/styles';
import { type KeyboardEvent, type MouseEvent, type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { lazyOnOpen } from '../../components/lazy-on-open.tsx';

/** The panel (MUI's Popper and transition), downloaded the first time a popup opens or its trigger is hovered. */
const HoverPopupPanel = lazyOnOpen(() => import('./hover-popup-panel.tsx'));

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
        onFocus={HoverPopupPanel.preload}
        onPointerEnter={(event) => {
          void HoverPopupPanel.preload();
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
      <HoverPopupPanel
        id={id}
        open={open}
        anchor={anchorRef.current}
        placement={placement}
        paperSx={paperSx}
        onPointerEnter={cancelClose}
        onPointerLeave={(event) => {
          if (event.pointerType === 'mouse') scheduleClose();
        }}
        onKeyDown={onKeyDown}
        onClickAway={onClickAway}
      >
        {children({ close, autoFocus })}
      </HoverPopupPanel>
    </>
  );
}
