import Box, { type BoxProps } from '@mui/material/Box';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCountdown, secondsLeft, urgencyOf } from './countdown';
import { useNow } from './use-now';

const COLORS = { critical: 'error.main', urgent: 'warning.main', soon: 'text.primary', normal: 'text.secondary' };

export interface LiveCountdownProps extends Omit<BoxProps, 'children'> {
  /** ISO end time. */
  endsAt: string;
  /** Server clock minus device clock (ms), from `clockOffsetMs`; 0 trusts the device. */
  offsetMs?: number;
  /** Text once the time is up (default: the `auctions` namespace's 'Ended'). */
  endedText?: string;
  /** Called once when the countdown reaches zero. */
  onElapsed?: () => void;
  /** Passes a shared `now` (one timer for a list); without it the component ticks by itself. */
  now?: number;
}

/** A ticking "2天 03:12:45" to `endsAt`, coloured by urgency (red in the last 5 minutes). */
export function LiveCountdown({ endsAt, offsetMs = 0, endedText, onElapsed, now, sx, ...rest }: LiveCountdownProps) {
  const { t } = useTranslation('auctions');
  const ownNow = useNow(now === undefined);
  const left = secondsLeft(endsAt, now ?? ownNow, offsetMs);
  const elapsed = left === 0;
  const fired = useRef(false);
  useEffect(() => {
    if (!elapsed) {
      fired.current = false;
      return;
    }
    if (fired.current) return;
    fired.current = true;
    onElapsed?.();
  }, [elapsed, onElapsed]);

  const text = left === null ? '--' : elapsed ? (endedText ?? t('countdown.ended')) : formatCountdown(left, t);
  const color = left === null || elapsed ? 'text.disabled' : COLORS[urgencyOf(left)];
  return (
    <Box
      component="span"
      role="timer"
      aria-live="off"
      data-seconds-left={left ?? undefined}
      sx={[{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap', color }, ...(Array.isArray(sx) ? sx : [sx])]}
      {...rest}
    >
      {text}
    </Box>
  );
}
