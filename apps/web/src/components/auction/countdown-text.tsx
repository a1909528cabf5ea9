import TimerOutlined from '@mui/icons-material/TimerOutlined';
import Box, { type BoxProps } from '@mui/material/Box';
import { useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCountdown, type Urgency, urgencyOf, WITH_DAYS_SLOTS } from './countdown.ts';

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
  /**
   * The ISO time `seconds` counts down to. Written into the page with the texts it needs, so that a
   * server-rendered page keeps ticking before the app has loaded (lib/prehydration/countdowns.ts).
   */
  endsAt?: string;
  /** Text at zero (default: the `auctions` namespace's 'Ended'). */
  endedText?: string;
  /** Colour scheme, see TONES (default `lot`). */
  tone?: 'lot' | 'deadline';
  /** A timer icon before the text. */
  icon?: boolean;
}

/** The colour of each urgency (`data-urgency`) of a tone: the page's starter script changes the attribute only. */
const toneRules = (tone: 'lot' | 'deadline') =>
  Object.fromEntries(
    Object.entries(TONES[tone]).map(([urgency, color]) => [`&[data-urgency="${urgency}"]`, { color }]),
  );

/**
 * "2天 03:12:45" for a number of seconds, coloured by urgency; the one way every page writes time left.
 *
 * What the page's starter script (lib/prehydration/countdowns.ts) reads and writes before the app has loaded:
 * `data-ends-at` (ISO), `data-with-days` (the 'countdown.withDays' text with WITH_DAYS_SLOTS), `data-ended` (the
 * text at zero), `data-tone`; it writes the text of the inner `data-countdown-text` span, `data-seconds-left` and
 * `data-urgency` (critical, urgent, soon, normal, or `ended`; the colour follows it through CSS). Hence
 * suppressHydrationWarning on both spans: the app's first render then keeps what the script wrote, and its next
 * render writes its own.
 */
export function CountdownText({
  seconds,
  endsAt,
  endedText,
  tone = 'lot',
  icon = false,
  sx,
  ...rest
}: CountdownTextProps) {
  const { t } = useTranslation('auctions');
  const over = seconds !== null && seconds <= 0;
  const ended = endedText ?? t('countdown.ended');
  const text = seconds === null ? '--' : over ? ended : formatCountdown(seconds, t);
  const urgency = seconds === null ? undefined : over ? 'ended' : urgencyOf(seconds);
  const script = endsAt
    ? {
        'data-ends-at': endsAt,
        'data-tone': tone,
        'data-with-days': t('countdown.withDays', WITH_DAYS_SLOTS),
        'data-ended': ended,
      }
    : {};
  const ref = useRef<HTMLSpanElement>(null);
  const mounted = useRef(false);
  // React writes an attribute only when it differs from its previous render, not from the page: after a hydration
  // over attributes the starter script changed, a next render that agrees with the server's render (data that
  // moved the end back across a threshold) would leave the script's urgency, so later renders set it themselves.
  useLayoutEffect(() => {
    const element = ref.current;
    if (!mounted.current || !element) {
      mounted.current = true; // a first commit wrote its own, or hydrated the script's newer one: kept
      return;
    }
    if (urgency === undefined) element.removeAttribute('data-urgency');
    else if (element.getAttribute('data-urgency') !== urgency) element.setAttribute('data-urgency', urgency);
  });
  return (
    <Box
      ref={ref}
      component="span"
      role="timer"
      aria-live="off"
      data-seconds-left={seconds ?? undefined}
      data-urgency={urgency}
      {...script}
      suppressHydrationWarning
      sx={[
        { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap', color: 'text.secondary', ...toneRules(tone) },
        icon ? { display: 'inline-flex', alignItems: 'center', gap: 0.5, '& > svg': { fontSize: 16 } } : {},
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
      {...rest}
    >
      {icon ? <TimerOutlined /> : null}
      <span data-countdown-text="" suppressHydrationWarning>
        {text}
      </span>
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
