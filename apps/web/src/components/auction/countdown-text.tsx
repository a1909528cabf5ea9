import TimerOutlined from '@mui/icons-material/TimerOutlined';
import Box, { type BoxProps } from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { formatCountdown, type Urgency, urgencyOf } from './countdown.ts';

/**
 * Colours by urgency. `lot`: an auction's end (red in the soft-close minutes, orange under an hour).
 * `deadline`: something the user must do in time, e.g. pay (red under an hour, orange under a day).
 */
const TONES: Record<'lot' | 'deadline', Record<Urgency, string>> = {
  lot: { critical: 'error.main', urgent: 'warning.main', soon: 'text.primary', normal: 'text.secondary' },
  deadline: { critical: 'error.main', urgent: 'error.main', soon: 'warning.dark', normal: 'text.primary' },
};

export interface CountdownTextProps extends Omit<BoxProps, 'children'> {
  /** Seconds left (from `secondsLeft` / `secondsUntil`); null shows '--'. */
  seconds: number | null;
  /** Text at zero (default: the `auctions` namespace's 'Ended'). */
  endedText?: string;
  /** Colour scheme, see TONES (default `lot`). */
  tone?: 'lot' | 'deadline';
  /** A timer icon before the text. */
  icon?: boolean;
}

/** "2天 03:12:45" for a number of seconds, coloured by urgency; the one way every page writes time left. */
export function CountdownText({ seconds, endedText, tone = 'lot', icon = false, sx, ...rest }: CountdownTextProps) {
  const { t } = useTranslation('auctions');
  const over = seconds !== null && seconds <= 0;
  const text = seconds === null ? '--' : over ? (endedText ?? t('countdown.ended')) : formatCountdown(seconds, t);
  const color = seconds === null || over ? 'text.secondary' : TONES[tone][urgencyOf(seconds)];
  return (
    <Box
      component="span"
      role="timer"
      aria-live="off"
      data-seconds-left={seconds ?? undefined}
      sx={[
        { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap', color },
        icon ? { display: 'inline-flex', alignItems: 'center', gap: 0.5, '& > svg': { fontSize: 16 } } : {},
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
      {...rest}
    >
      {icon ? <TimerOutlined /> : null}
      {text}
    </Box>
  );
}

/** Time left to do something (pay): red under an hour, with a timer icon, bold. */
export function DeadlineCountdown({ sx, ...rest }: Omit<CountdownTextProps, 'tone' | 'icon'>) {
  return (
    <CountdownText
      tone="deadline"
      icon
      sx={[{ fontWeight: 700, typography: 'textMd' }, ...(Array.isArray(sx) ? sx : [sx])]}
      {...rest}
    />
  );
}
