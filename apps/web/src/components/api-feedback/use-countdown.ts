import { CLIENT } from '@namebourse/contract';
import { useCallback, useEffect, useState } from 'react';
import { isApiError, retryAfterSecondsOf } from '../../lib/api-client.ts';

export interface Countdown {
  /** Whole seconds left; 0 when not running. */
  remaining: number;
  running: boolean;
  /** Starts (or restarts) the countdown; default CLIENT.defaultResendSeconds (60). */
  start: (seconds?: number) => void;
  stop: () => void;
}

/** A seconds countdown measured against the clock, so a throttled tab still ends on time. */
export function useCountdown(): Countdown {
  const [endAt, setEndAt] = useState<number | null>(null);
  const [remaining, setRemaining] = useState(0);

  useEffect(() => {
    if (endAt === null) return;
    const tick = () => {
      const left = Math.max(0, Math.ceil((endAt - Date.now()) / 1000));
      setRemaining(left);
      if (left === 0) setEndAt(null);
    };
    tick();
    const timer = setInterval(tick, 250);
    return () => clearInterval(timer);
  }, [endAt]);

  const start = useCallback((seconds: number = CLIENT.defaultResendSeconds) => {
    const whole = Number.isFinite(seconds) ? Math.max(0, Math.ceil(seconds)) : 0;
    setRemaining(whole);
    setEndAt(whole > 0 ? Date.now() + whole * 1000 : null);
  }, []);

  const stop = useCallback(() => {
    setRemaining(0);
    setEndAt(null);
  }, []);

  return { remaining, running: remaining > 0, start, stop };
}

/** Seconds to count down after a successful send: the server's retryAfterSeconds, else the default. */
export function countdownAfterSend(result: unknown, fallback: number = CLIENT.defaultResendSeconds): number {
  return retryAfterSecondsOf(result) ?? fallback;
}

/**
 * Seconds to count down after a failed send: the retryAfterSeconds of the error data
 * (Verification.TooManyRequests), or undefined when the button may be pressed again at once.
 */
export function countdownAfterError(error: unknown): number | undefined {
  return isApiError(error) ? error.retryAfterSeconds : undefined;
}
