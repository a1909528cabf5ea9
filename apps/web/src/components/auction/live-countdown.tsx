import { useEffect, useRef } from 'react';
import { secondsLeft } from './countdown';
import { useNow } from './use-now';
import { CountdownText, type CountdownTextProps } from './countdown-text';

export interface LiveCountdownProps extends Omit<CountdownTextProps, 'seconds'> {
  /** ISO end time. */
  endsAt: string;
  /** Server clock minus device clock (ms), from `clockOffsetMs`; 0 trusts the device. */
  offsetMs?: number;
  /** Called once when the countdown reaches zero. */
  onElapsed?: () => void;
  /** Passes a shared `now` (one timer for a list); without it the component ticks by itself. */
  now?: number;
}

/** A ticking "2天 03:12:45" to `endsAt`, coloured by urgency (red in the last 5 minutes). */
export function LiveCountdown({ endsAt, offsetMs = 0, onElapsed, now, ...rest }: LiveCountdownProps) {
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

  return <CountdownText seconds={left} {...rest} />;
}
