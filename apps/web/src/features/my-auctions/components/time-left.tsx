import TimerOutlined from '@mui/icons-material/TimerOutlined';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { formatCountdown, urgencyOf } from '../lib/countdown';

const URGENCY_COLOR = { urgent: 'error.main', soon: 'warning.dark', normal: 'text.primary' } as const;

/** A live "2d 03:12:45" with a timer icon, coloured by urgency; 'Ended' / `overText` at zero. */
export function TimeLeft({ seconds, label, overText }: { seconds: number; label: string; overText: string }) {
  const { t } = useTranslation('myAuctions');
  const over = seconds <= 0;
  return (
    <Box
      role="timer"
      aria-label={label}
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 0.5,
        color: over ? 'text.disabled' : URGENCY_COLOR[urgencyOf(seconds)],
        fontVariantNumeric: 'tabular-nums',
        fontWeight: 700,
        fontSize: 14,
        whiteSpace: 'nowrap',
      }}
    >
      <TimerOutlined sx={{ fontSize: 16 }} />
      {over ? overText : formatCountdown(seconds, t)}
    </Box>
  );
}
