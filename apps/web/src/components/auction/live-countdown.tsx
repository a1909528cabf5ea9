import { useEffect, useRef } from 'react';
import { secondsLeft } from './countdown.ts';
import { CountdownText, type CountdownTextProps } from './countdown-text.tsx';
import { useServerNow } from './server-clock.ts';

export interface LiveCountdownProps extends Omit<CountdownTextProps, 'seconds'> {
  /** ISO end time. */
  endsAt: string;
  /** Called once when the countdown reaches zero. */
  onElapsed?: () => void;
  /** A shared `now` on the server's clock (useServerNow: one timer for a list); without it the component ticks by itself. */
  now?: number;
}

/** A ticking "2天 03:12:45" to `endsAt` on the server's clock, coloured by urgency (red in the last 5 minutes). */
export function LiveCountdown({ endsAt, onElapsed, now, ...rest }: LiveCountdownProps) {
  const ownNow = useServerNow(now === undefined);
  const left = secondsLeft(endsAt, now ?? ownNow);
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

  return <CountdownText seconds={left} endsAt={endsAt} {...rest} />;
}
