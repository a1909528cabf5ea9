import Button, { type ButtonProps } from '@mui/material/Button';
import { CLIENT } from '@namebourse/contract';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { countdownAfterError, countdownAfterSend, useCountdown } from './use-countdown.ts';

export interface CodeButtonProps extends Omit<ButtonProps, 'onClick' | 'children'> {
  /** Sends the code; may resolve with `{ retryAfterSeconds }`. A rejection without it starts no countdown. */
  onSend: () => Promise<unknown>;
  /** Countdown when the server gives none (default 60 s). */
  seconds?: number;
  /** Label before the first send (default 'Send code'). */
  children?: ReactNode;
}

/**
 * A 'send code' button (spec §4): after a send it counts down 60 s (or the server's retryAfterSeconds,
 * also from a Verification.TooManyRequests error) and stays disabled until the countdown ends.
 */
export function CodeButton({
  onSend,
  seconds = CLIENT.defaultResendSeconds,
  children,
  disabled,
  ...buttonProps
}: CodeButtonProps) {
  const { t } = useTranslation('api');
  const { remaining, running, start } = useCountdown();
  const [sending, setSending] = useState(false);

  const send = async () => {
    if (sending || running) return;
    setSending(true);
    try {
      start(countdownAfterSend(await onSend(), seconds));
    } catch (error) {
      const wait = countdownAfterError(error);
      if (wait !== undefined) start(wait);
    } finally {
      setSending(false);
    }
  };

  let label: ReactNode = children ?? t('code.send');
  if (running) label = t('code.resendIn', { seconds: remaining });
  else if (sending) label = t('code.sending');

  return (
    <Button
      variant="outlined"
      {...buttonProps}
      disabled={Boolean(disabled) || sending || running}
      onClick={() => void send()}
    >
      {label}
    </Button>
  );
}
