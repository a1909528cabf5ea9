import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../lib/format.ts';

/** An amount of USD cents; `signed` shows '+' on credits and colours credits green, debits red. */
export function Money({ cents, signed = false }: { cents: number; signed?: boolean }) {
  const { i18n } = useTranslation();
  const text = formatMoney(cents, i18n.language);
  if (!signed)
    return (
      <Box component="span" sx={{ fontVariantNumeric: 'tabular-nums' }}>
        {text}
      </Box>
    );
  return (
    <Box
      component="span"
      sx={{
        fontVariantNumeric: 'tabular-nums',
        fontWeight: 600,
        color: cents > 0 ? 'success.main' : cents < 0 ? 'error.main' : 'text.primary',
      }}
    >
      {cents > 0 ? `+${text}` : text}
    </Box>
  );
}
