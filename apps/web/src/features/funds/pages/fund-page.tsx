import AccountBalanceWalletOutlined from '@mui/icons-material/AccountBalanceWalletOutlined';
import CreditCardRounded from '@mui/icons-material/CreditCardRounded';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { FUNDS_LIMITS, RECHARGE_METHODS, type RechargeMethod } from '@namebourse/contract';
import { type ReactElement, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ErrorView } from '../../../components/api-feedback/index.ts';
import { SectionCard } from '../../../components/section-card.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useFundsSummary } from '../api/get-summary.ts';
import { BalanceCards, BalanceCardsSkeleton } from '../components/balance-cards.tsx';
import { RecentRecharges } from '../components/recent-recharges.tsx';
import { RechargeForm } from '../components/recharge-form.tsx';
import { SavedCards } from '../components/saved-cards.tsx';
import { TransactionHistory } from '../components/transaction-history.tsx';
import { prefillAmount } from '../lib/amount.ts';

export const FUND_TABS = ['topup', 'history', 'cards'] as const;
export type FundTab = (typeof FUND_TABS)[number];

const TAB_ICONS: Record<FundTab, ReactElement> = {
  topup: <AccountBalanceWalletOutlined fontSize="small" />,
  history: <ReceiptLongOutlined fontSize="small" />,
  cards: <CreditCardRounded fontSize="small" />,
};

function isTab(value: string | null): value is FundTab {
  return (FUND_TABS as readonly string[]).includes(value ?? '');
}

function methodParam(value: string | null): RechargeMethod | null {
  return (RECHARGE_METHODS as readonly string[]).includes(value ?? '') ? (value as RechargeMethod) : null;
}

/**
 * /console/fund/recharge: account recharge and my fund (spec §2). Balances on top; tabs for the top-up form with
 * the recent top-ups, the transaction history with export, and the saved bank cards. The tab, the history
 * filter and page, and a prefilled amount (?amount, from the insufficient-balance prompt) live in the address.
 */
export function FundPage() {
  const { t } = useTranslation('funds');
  usePageTitle(t('page.title'));
  const [params, setParams] = useSearchParams();
  const summary = useFundsSummary();
  const amountInput = useRef<HTMLInputElement | null>(null);
  const requested = params.get('tab');
  const tab: FundTab = isTab(requested) ? requested : 'topup';

  const selectTab = (next: FundTab) => {
    const search = new URLSearchParams();
    // Each tab keeps only its own parameters.
    if (next !== 'topup') search.set('tab', next);
    if (next === 'history')
      for (const key of ['type', 'bucket', 'from', 'to', 'page']) {
        const value = params.get(key);
        if (value) search.set(key, value);
      }
    setParams(search, { replace: true });
  };

  const topUp = () => {
    if (tab !== 'topup') selectTab('topup');
    window.requestAnimationFrame(() => {
      amountInput.current?.focus();
      amountInput.current?.scrollIntoView({ block: 'center', behavior: 'smooth' });
    });
  };

  return (
    <Box data-testid="fund-page">
      <Box sx={{ mb: { xs: 2, md: 2.5 } }}>
        <Typography variant="h5" component="h1" sx={{ typography: { xs: 'text5xl', md: 'text7xl' } }}>
          {t('page.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 0.5, typography: 'textLg', lineHeight: 1.6 }}>
          {t('page.subtitle')}
        </Typography>
      </Box>

      <Box component="section" aria-label={t('balance.label')} sx={{ mb: { xs: 2, md: 3 } }}>
        {summary.data ? (
          <BalanceCards summary={summary.data} onTopUp={topUp} />
        ) : summary.isError ? (
          <ErrorView error={summary.error} onRetry={() => void summary.refetch()} />
        ) : (
          <BalanceCardsSkeleton />
        )}
      </Box>

      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: { xs: 2, md: 2.5 } }}>
        <Tabs
          value={tab}
          onChange={(_event, next: FundTab) => selectTab(next)}
          variant="scrollable"
          scrollButtons={false}
          aria-label={t('tabs.label')}
        >
          {FUND_TABS.map((key) => (
            <Tab
              key={key}
              value={key}
              icon={TAB_ICONS[key]}
              iconPosition="start"
              label={t(`tabs.${key}`)}
              id={`fund-tab-${key}`}
              aria-controls={`fund-panel-${key}`}
              sx={{
                minHeight: 48,
                minWidth: 0,
                flex: { xs: 1, sm: 'none' },
                px: { xs: 1, sm: 2 },
                '& .MuiTab-icon': { display: { xs: 'none', sm: 'inline-flex' } },
              }}
            />
          ))}
        </Tabs>
      </Box>

      <Box role="tabpanel" id={`fund-panel-${tab}`} aria-labelledby={`fund-tab-${tab}`}>
        {tab === 'topup' ? (
          <Box
            sx={{
              display: 'grid',
              gap: { xs: 2, md: 2.5 },
              gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 1.25fr) minmax(0, 1fr)' },
              alignItems: 'start',
            }}
          >
            <SectionCard
              id="recharge"
              testId="recharge-section"
              title={t('topup.title')}
              description={t('topup.description', { min: formatMoney(FUNDS_LIMITS.rechargeMinCents) })}
            >
              <RechargeForm
                initialAmount={prefillAmount(params.get('amount'))}
                initialMethod={methodParam(params.get('method'))}
                amountRef={amountInput}
              />
            </SectionCard>
            <RecentRecharges />
          </Box>
        ) : null}
        {tab === 'history' ? <TransactionHistory /> : null}
        {tab === 'cards' ? <SavedCards /> : null}
      </Box>
    </Box>
  );
}
