import AccountBalanceWalletOutlined from '@mui/icons-material/AccountBalanceWalletOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { errorMessage, FUNDS_LIMITS } from '@namebourse/contract';
import { useTranslation } from 'react-i18next';
import { API_CODES, navigateTo, RECHARGE_PAGE_PATH } from '../../lib/api-client.ts';
import { closeInsufficientBalanceDialog, type InsufficientBalancePrompt } from '../../lib/feedback-store.ts';
import { centsToDecimalString, formatMoney } from '../../lib/format.ts';
import { useLocale } from '../../lib/use-locale.ts';

/** The recharge page, with the amount prefilled when the shortfall is known (at least the top-up minimum). */
export function rechargeLink(shortfallCents: number | null): string {
  if (!shortfallCents || shortfallCents <= 0) return RECHARGE_PAGE_PATH;
  const amount = centsToDecimalString(Math.max(shortfallCents, FUNDS_LIMITS.rechargeMinCents));
  return `${RECHARGE_PAGE_PATH}?amount=${amount}`;
}

/** Funds.InsufficientBalance (spec §8): 'Insufficient balance' with a prompt to recharge. */
export function InsufficientBalanceDialog({ prompt }: { prompt: InsufficientBalancePrompt | null }) {
  const { t } = useTranslation('api');
  const locale = useLocale();
  const shortfall = prompt?.shortfallCents ?? null;
  return (
    <Dialog
      open={prompt !== null}
      onClose={closeInsufficientBalanceDialog}
      maxWidth="xs"
      fullWidth
      aria-labelledby="insufficient-balance-title"
      aria-describedby="insufficient-balance-body"
      data-testid="insufficient-balance-dialog"
    >
      <DialogTitle id="insufficient-balance-title" sx={{ display: 'flex', alignItems: 'center', gap: 1.25 }}>
        <AccountBalanceWalletOutlined color="warning" aria-hidden="true" />
        {errorMessage(API_CODES.insufficientBalance, locale)}
      </DialogTitle>
      <DialogContent>
        <DialogContentText id="insufficient-balance-body">{t('insufficientBalance.body')}</DialogContentText>
        {shortfall ? (
          <Box component="p" sx={{ mt: 1.5, mb: 0, fontWeight: 600 }} data-testid="insufficient-balance-shortfall">
            {t('insufficientBalance.shortfall', { amount: formatMoney(shortfall) })}
          </Box>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={closeInsufficientBalanceDialog}>{t('insufficientBalance.cancel')}</Button>
        <Button
          variant="contained"
          onClick={() => {
            closeInsufficientBalanceDialog();
            navigateTo(rechargeLink(shortfall));
          }}
        >
          {t('insufficientBalance.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
