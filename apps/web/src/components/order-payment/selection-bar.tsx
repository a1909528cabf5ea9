import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { ORDER_LIMITS } from '@namebourse/contract';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/format.ts';

/** The keys the selection bar reads from its page's namespace (`selection.total` only with `amountIn: 'line'`). */
export const SELECTION_BAR_KEYS = ['selection.count', 'selection.tooMany', 'selection.clear', 'selection.pay'] as const;

export interface SelectionBarProps {
  count: number;
  /** With tax. */
  amountCents: number;
  onClear: () => void;
  onPay: () => void;
  /** The page's i18n namespace, holding SELECTION_BAR_KEYS. */
  ns: string;
  /** Where the amount shows: in the pay button's label ('Pay selected (2) $159.00'), or on a line of its own. */
  amountIn: 'button' | 'line';
}

/** The chosen orders and what they cost, with Clear and Pay selected; it sticks to the bottom of the screen. */
export function SelectionBar({ count, amountCents, onClear, onPay, ns, amountIn }: SelectionBarProps) {
  const { t } = useTranslation(ns);
  const tooMany = count > ORDER_LIMITS.payManyMax;
  return (
    <Paper
      elevation={6}
      data-testid="pay-selection"
      sx={{
        position: 'sticky',
        bottom: { xs: 8, md: 16 },
        zIndex: 2,
        mt: 2,
        px: { xs: 2, md: 2.5 },
        py: 1.5,
        display: 'flex',
        alignItems: 'center',
        gap: 1.5,
        flexWrap: 'wrap',
        border: 1,
        borderColor: 'primary.light',
      }}
    >
      <Box sx={{ flex: '1 1 180px', minWidth: 0 }}>
        <Typography sx={{ typography: 'textMd', fontWeight: 600 }}>{t('selection.count', { count })}</Typography>
        {amountIn === 'line' ? (
          <Typography sx={{ typography: 'textSm', color: 'text.secondary' }}>
            {t('selection.total')}{' '}
            <Box component="span" sx={{ fontWeight: 800, color: 'text.primary', fontVariantNumeric: 'tabular-nums' }}>
              {formatMoney(amountCents)}
            </Box>
          </Typography>
        ) : null}
        {tooMany ? (
          <Typography sx={{ typography: 'textSm', color: 'error.main' }}>
            {t('selection.tooMany', { max: ORDER_LIMITS.payManyMax })}
          </Typography>
        ) : null}
      </Box>
      <Box sx={{ display: 'flex', gap: 1, flex: { xs: '1 1 100%', sm: '0 0 auto' } }}>
        <Button color="inherit" onClick={onClear} sx={{ flex: { xs: 1, sm: 'none' } }}>
          {t('selection.clear')}
        </Button>
        <Button
          variant="contained"
          onClick={onPay}
          disabled={tooMany}
          data-testid="pay-selected"
          sx={
            amountIn === 'button'
              ? { flex: { xs: 3, sm: 'none' }, whiteSpace: 'nowrap' }
              : { flex: { xs: 2, sm: 'none' } }
          }
        >
          {t('selection.pay', { count, amount: formatMoney(amountCents) })}
        </Button>
      </Box>
    </Paper>
  );
}
