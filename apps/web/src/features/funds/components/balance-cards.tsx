import AccountBalanceWalletOutlined from '@mui/icons-material/AccountBalanceWalletOutlined';
import AddRounded from '@mui/icons-material/AddRounded';
import ChevronRightRounded from '@mui/icons-material/ChevronRightRounded';
import LockOutlined from '@mui/icons-material/LockOutlined';
import SavingsOutlined from '@mui/icons-material/SavingsOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { FundsSummary } from '@namebourse/contract';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatDate, formatMoney } from '../../../lib/format.ts';

export const SETTLEMENTS_PATH = '/console/fund/settlements';
export const PAYEES_PATH = '/console/fund/payees';
/** Holds listed before 'show all'. */
const HOLDS_SHOWN = 3;

function BalanceCard({
  testId,
  icon,
  label,
  amountCents,
  accent,
  children,
}: {
  testId: string;
  icon: ReactNode;
  label: string;
  amountCents: number;
  accent: string;
  children?: ReactNode;
}) {
  return (
    <Paper
      variant="outlined"
      data-testid={testId}
      sx={{ p: { xs: 2, md: 2.5 }, display: 'flex', flexDirection: 'column', gap: 1, minWidth: 0 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'text.secondary' }}>
        <Box sx={{ color: accent, display: 'inline-flex' }} aria-hidden="true">
          {icon}
        </Box>
        <Typography component="h2" sx={{ typography: 'textMd', fontWeight: 600 }}>
          {label}
        </Typography>
      </Box>
      <Typography
        data-testid={`${testId}-amount`}
        sx={{
          typography: 'headline',
          fontWeight: 800,
          overflowWrap: 'anywhere',
          letterSpacing: '-0.01em',
          fontVariantNumeric: 'tabular-nums',
        }}
      >
        {formatMoney(amountCents)}
      </Typography>
      {children}
    </Paper>
  );
}

function FrozenHolds({ holds }: { holds: FundsSummary['frozenHolds'] }) {
  const { t } = useTranslation('funds');
  const [all, setAll] = useState(false);
  if (holds.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ typography: 'textMd' }}>
        {t('balance.frozenNone')}
      </Typography>
    );
  }
  const line = (hold: FundsSummary['frozenHolds'][number]) => (
    <Box
      component="li"
      key={`${hold.refType}:${hold.refId}`}
      sx={{ display: 'flex', gap: 1, alignItems: 'baseline', typography: 'textMd', py: 0.25 }}
    >
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Box
          component="span"
          sx={{ display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
        >
          {hold.label}
        </Box>
        <Box component="span" sx={{ color: 'text.secondary', typography: 'textSm' }}>
          {t('balance.heldSince', { date: formatDate(hold.since) })}
        </Box>
      </Box>
      <Box component="span" sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
        {formatMoney(hold.amountCents)}
      </Box>
    </Box>
  );
  return (
    <Box>
      <Typography sx={{ typography: 'textSm', color: 'text.secondary', fontWeight: 600, mb: 0.5 }}>
        {t('balance.heldBy')}
      </Typography>
      <Box
        component="ul"
        aria-label={t('balance.heldBy')}
        sx={{ listStyle: 'none', p: 0, m: 0 }}
        data-testid="frozen-holds"
      >
        {holds.slice(0, HOLDS_SHOWN).map(line)}
        <Collapse in={all} unmountOnExit>
          {holds.slice(HOLDS_SHOWN).map(line)}
        </Collapse>
      </Box>
      {holds.length > HOLDS_SHOWN ? (
        <Button size="small" sx={{ px: 0.5, mt: 0.5 }} onClick={() => setAll((v) => !v)} aria-expanded={all}>
          {all ? t('balance.showFewer') : t('balance.showAll', { total: holds.length })}
        </Button>
      ) : null}
    </Box>
  );
}

/** A link onwards from a card, with a chevron after its text. */
function ArrowLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link
      component={RouterLink}
      to={to}
      underline="hover"
      sx={{ typography: 'textMd', fontWeight: 600, display: 'inline-flex', alignItems: 'center' }}
    >
      {children}
      <ChevronRightRounded fontSize="small" />
    </Link>
  );
}

/** Available, frozen (with what holds each amount) and earnings (with the way to settle them). */
export function BalanceCards({ summary, onTopUp }: { summary: FundsSummary; onTopUp: () => void }) {
  const { t } = useTranslation('funds');
  return (
    <Box
      sx={{
        display: 'grid',
        gap: { xs: 1.5, md: 2 },
        gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
        alignItems: 'stretch',
        '& > :first-of-type': { gridColumn: { xs: '1 / -1', lg: 'auto' } },
      }}
    >
      <BalanceCard
        testId="balance-available"
        icon={<AccountBalanceWalletOutlined />}
        label={t('balance.available')}
        amountCents={summary.availableCents}
        accent="primary.main"
      >
        <Typography color="text.secondary" sx={{ typography: 'textMd' }}>
          {t('balance.availableHint')}
        </Typography>
        <Box>
          <Button variant="contained" size="small" startIcon={<AddRounded />} onClick={onTopUp}>
            {t('balance.topUp')}
          </Button>
        </Box>
      </BalanceCard>
      <BalanceCard
        testId="balance-frozen"
        icon={<LockOutlined />}
        label={t('balance.frozen')}
        amountCents={summary.frozenCents}
        accent="warning.main"
      >
        <FrozenHolds holds={summary.frozenHolds} />
      </BalanceCard>
      <BalanceCard
        testId="balance-earnings"
        icon={<SavingsOutlined />}
        label={t('balance.earnings')}
        amountCents={summary.earningsCents}
        accent="success.main"
      >
        <Typography color="text.secondary" sx={{ typography: 'textMd' }}>
          {summary.settlingCents > 0
            ? t('balance.settling', { amount: formatMoney(summary.settlingCents) })
            : t('balance.earningsHint')}
        </Typography>
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
          <ArrowLink to={SETTLEMENTS_PATH}>{t('balance.settle')}</ArrowLink>
          <ArrowLink to={PAYEES_PATH}>{t('balance.payees')}</ArrowLink>
        </Box>
      </BalanceCard>
    </Box>
  );
}

export function BalanceCardsSkeleton() {
  const { t } = useTranslation('funds');
  return (
    <Box
      role="status"
      aria-label={t('balance.loading')}
      sx={{
        display: 'grid',
        gap: { xs: 1.5, md: 2 },
        gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
        '& > :first-of-type': { gridColumn: { xs: '1 / -1', lg: 'auto' } },
      }}
    >
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} variant="rounded" height={150} />
      ))}
    </Box>
  );
}
