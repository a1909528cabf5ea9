import InfoOutlined from '@mui/icons-material/InfoOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { keyframes } from '@mui/material/styles';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { centsToDollarInput, parseDollarsToCents } from '../../../components/auction/dollars';
import { LiveCountdown } from '../../../components/auction/live-countdown';
import { useServerOffsetMs } from '../../../components/auction/server-clock';
import { MoneyText } from '../../../components/auction/money-text';
import { API_CODES, fieldErrorsOf, isApiError } from '../../../lib/api-client';
import { formatDateTime, formatMoney, formatNumber } from '../../../lib/format';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { useExitAuction } from '../api/exit-auction';
import type { ReceivedAuction } from '../api/get-auction';
import { auctionKeys } from '../api/keys';
import { usePlaceBid } from '../api/place-bid';
import { checkBid, depositPlan, lotOutcome, myStanding } from '../lib/bid';
import { ConfirmDialog } from './confirm-dialog';
import { useSignIn } from './use-sign-in';

const flash = keyframes`
  0% { background-color: rgba(18, 183, 106, 0.28); }
  100% { background-color: transparent; }
`;

/** Codes the request pipeline answers with its own dialog or redirect (nothing to repeat inline). */
const PIPELINE_CODES = new Set<string>([
  API_CODES.insufficientBalance,
  API_CODES.contactInfoIncomplete,
  API_CODES.unauthorized,
]);

function Stat({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography sx={{ fontSize: 12.5, color: 'text.secondary' }}>{label}</Typography>
      <Typography
        component="div"
        sx={{ fontSize: 16, fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}
        data-testid={testId}
      >
        {children}
      </Typography>
    </Box>
  );
}

function Line({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
      <Typography
        sx={{ fontSize: 14, color: strong ? 'text.primary' : 'text.secondary', fontWeight: strong ? 700 : 400 }}
      >
        {label}
      </Typography>
      <Typography sx={{ fontSize: 14, fontWeight: strong ? 800 : 600, fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Typography>
    </Box>
  );
}

/** Where I stand: Leading / Outbid. */
export function StandingBadge({ lot }: { lot: ReceivedAuction }) {
  const { t } = useTranslation('auctions');
  const standing = myStanding(lot);
  if (standing === null) return null;
  if (standing === 'exited') return <Chip size="small" label={t('standing.exited')} data-testid="lot-exited-badge" />;
  return (
    <Chip
      size="small"
      color={standing === 'leading' ? 'success' : 'error'}
      label={t(`standing.${standing}`)}
      data-testid="lot-leading-badge"
      data-state={standing}
      sx={{ fontWeight: 700 }}
    />
  );
}

/** The result of a closed lot: won at $X (with "Go to pay"), sold to another bidder, or no winner. */
export function LotResult({ lot }: { lot: ReceivedAuction }) {
  const { t } = useTranslation('auctions');
  const outcome = lotOutcome(lot);
  if (!outcome) return null;
  const price = lot.winningPriceCents === null ? '' : formatMoney(lot.winningPriceCents);
  const participated = lot.myMaxBidCents !== null;
  return (
    <Alert
      severity={outcome === 'won' ? 'success' : outcome === 'lost' ? 'info' : 'warning'}
      data-testid="lot-result"
      data-outcome={outcome}
      action={
        outcome === 'won' ? (
          <Button
            component={RouterLink}
            to="/console/auction/win"
            color="inherit"
            size="small"
            variant="outlined"
            data-testid="lot-go-pay"
          >
            {t('result.goPay')}
          </Button>
        ) : undefined
      }
    >
      <Typography sx={{ fontWeight: 700 }}>
        {lot.status === 'cancelled'
          ? t('result.cancelled')
          : outcome === 'won'
            ? t('result.won', { price })
            : outcome === 'lost'
              ? participated
                ? t('result.lostMine', { price })
                : t('result.sold', { price })
              : t('result.noWinner')}
      </Typography>
      {outcome === 'won' ? <Typography sx={{ fontSize: 13.5 }}>{t('result.wonHint')}</Typography> : null}
    </Alert>
  );
}

/** Price, time and the bid form of a lot (visitors are asked to sign in). */
export function BidPanel({ lot, priceTick }: { lot: ReceivedAuction; priceTick: number }) {
  const { t } = useTranslation('auctions');
  const offsetMs = useServerOffsetMs();
  const { isLogin, signIn } = useSignIn();
  const queryClient = useQueryClient();
  const place = usePlaceBid(lot.auctionId);
  const exit = useExitAuction(lot.auctionId);
  const [amount, setAmount] = useState(() => centsToDollarInput(lot.minNextBidCents));
  const [max, setMax] = useState('');
  const [touched, setTouched] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [exiting, setExiting] = useState(false);
  const [bidError, setBidError] = useState<string | null>(null);
  const [serverFields, setServerFields] = useState<{ amount?: string; max?: string }>({});

  // A new minimum (someone bid): lift a lower amount to it.
  useEffect(() => {
    setAmount((current) => {
      const cents = parseDollarsToCents(current);
      return cents === null || cents < lot.minNextBidCents ? centsToDollarInput(lot.minNextBidCents) : current;
    });
  }, [lot.minNextBidCents]);

  const open = lot.status === 'bidding';
  const check = checkBid(amount, max, lot.minNextBidCents);
  const fieldText = (error: string | undefined) =>
    error === undefined
      ? undefined
      : error === 'belowMin'
        ? t('bid.errors.belowMin', { min: formatMoney(lot.minNextBidCents) })
        : t(`bid.errors.${error}`);
  const amountError = touched ? fieldText(check.errors.amount) : undefined;
  const maxError = touched ? fieldText(check.errors.max) : undefined;
  const plan = depositPlan(lot, check.amountCents ?? lot.minNextBidCents, check.maxAmountCents);
  const canExit = open && lot.myMaxBidCents !== null && !lot.isLeading && !lot.hasExited;
  const endsSoon = open && Date.parse(lot.endsAt) - (Date.now() + offsetMs) <= 5 * 60_000;

  const submit = () => {
    setTouched(true);
    setBidError(null);
    setServerFields({});
    if (!isLogin) return signIn();
    if (check.errors.amount || check.errors.max || check.amountCents === null) return;
    setConfirming(true);
  };

  const confirm = () => {
    if (check.amountCents === null) return;
    place.mutate(
      {
        auctionId: lot.auctionId,
        amountCents: check.amountCents,
        ...(check.maxAmountCents !== null ? { maxAmountCents: check.maxAmountCents } : {}),
        idempotencyKey: newIdempotencyKey(),
      },
      {
        onSuccess: () => {
          setConfirming(false);
          setMax('');
          setTouched(false);
        },
        onError: (error) => {
          setConfirming(false);
          if (isApiError(error) && PIPELINE_CODES.has(error.code)) return;
          const fields = fieldErrorsOf(error);
          setServerFields({ amount: fields.amountCents, max: fields.maxAmountCents });
          const message = isApiError(error) && error.message ? error.message : t('bid.failedGeneric');
          setBidError(/^(Bid Failed|出价失败)/.test(message) ? message : `${t('bid.failed')}: ${message}`);
        },
      },
    );
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 2.5 }, display: 'grid', gap: 2 }} data-testid="lot-bid-panel">
      <Box sx={{ display: 'flex', alignItems: 'flex-end', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <Box>
          <Typography sx={{ fontSize: 13, color: 'text.secondary' }}>
            {open ? t('lot.currentPrice') : t('lot.finalPrice')}
          </Typography>
          <Box
            key={priceTick}
            sx={{ borderRadius: 1, px: 0.5, mx: -0.5, animation: priceTick > 0 ? `${flash} 1.6s ease-out` : 'none' }}
          >
            <MoneyText
              cents={lot.winningPriceCents ?? lot.currentPriceCents}
              sx={{ fontSize: { xs: 30, md: 36 }, fontWeight: 800, color: 'primary.main', lineHeight: 1.2 }}
              data-testid="lot-current-price"
            />
          </Box>
        </Box>
        <StandingBadge lot={lot} />
      </Box>

      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 1.5 }}>
        {/* Once bidding is over there is no next bid: only what happened stays. */}
        {lot.status === 'ended' || lot.status === 'cancelled' ? null : (
          <>
            <Stat label={t('lot.minNextBid')} testId="lot-min-next-bid">
              {formatMoney(lot.minNextBidCents)}
            </Stat>
            <Stat label={t('lot.increment')}>{formatMoney(lot.incrementCents)}</Stat>
          </>
        )}
        <Stat label={t('lot.bidCount')} testId="lot-bid-count">
          {formatNumber(lot.bidCount)}
        </Stat>
        <Stat label={t('lot.bidderCount')} testId="lot-bidder-count">
          {formatNumber(lot.bidderCount)}
        </Stat>
      </Box>

      <Divider />
      <Box sx={{ display: 'grid', gap: 0.5 }}>
        <Typography sx={{ fontSize: 13, color: 'text.secondary' }}>
          {open ? t('lot.timeLeft') : t('lot.endedAt')}
        </Typography>
        {open ? (
          <LiveCountdown
            endsAt={lot.endsAt}
            // The close is the sweeper's: ask again shortly after the time is up (the live stream may be down).
            onElapsed={() =>
              setTimeout(
                () => void queryClient.invalidateQueries({ queryKey: auctionKeys.detail(lot.auctionId) }),
                2_000,
              )
            }
            sx={{ fontSize: 24, fontWeight: 800 }}
            data-testid="lot-countdown"
          />
        ) : null}
        <Typography sx={{ fontSize: 14 }}>
          {t('lot.endsAt')}{' '}
          <Box component="time" dateTime={lot.endsAt} sx={{ fontWeight: 600 }} data-testid="lot-ends-at">
            {formatDateTime(lot.endsAt)}
          </Box>
        </Typography>
        {lot.isExtended ? (
          <Typography sx={{ fontSize: 13, color: 'warning.main' }} data-testid="lot-extended">
            {t('lot.extended', { scheduled: formatDateTime(lot.scheduledEndsAt) })}
          </Typography>
        ) : null}
        {open ? (
          <Typography
            sx={{
              fontSize: 12.5,
              color: endsSoon ? 'error.main' : 'text.secondary',
              display: 'flex',
              gap: 0.5,
              alignItems: 'center',
            }}
            data-testid="lot-soft-close-hint"
          >
            <InfoOutlined sx={{ fontSize: 15 }} />
            {endsSoon ? t('lot.endsSoonHint') : t('lot.softCloseHint')}
          </Typography>
        ) : null}
      </Box>

      <LotResult lot={lot} />

      {lot.myMaxBidCents !== null ? (
        <Box
          sx={{ display: 'grid', gap: 0.5, p: 1.5, bgcolor: 'action.hover', borderRadius: 1 }}
          data-testid="lot-mine"
        >
          <Line label={t('lot.myMax')} value={formatMoney(lot.myMaxBidCents)} />
          <Line label={t('lot.myDeposit')} value={formatMoney(lot.myDepositCents)} />
          {lot.myBidderName ? <Line label={t('lot.myBidderName')} value={lot.myBidderName} /> : null}
        </Box>
      ) : null}

      {open && !lot.hasExited ? (
        <Box
          component="form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
          sx={{ display: 'grid', gap: 1.5 }}
        >
          <TextField
            label={t('bid.amount')}
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            error={Boolean(amountError ?? serverFields.amount)}
            helperText={
              amountError ?? serverFields.amount ?? t('bid.amountHint', { min: formatMoney(lot.minNextBidCents) })
            }
            slotProps={{
              htmlInput: { inputMode: 'decimal', 'data-testid': 'lot-bid-amount' },
              input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
            }}
            fullWidth
          />
          <TextField
            label={t('bid.max')}
            value={max}
            onChange={(event) => setMax(event.target.value)}
            error={Boolean(maxError ?? serverFields.max)}
            helperText={maxError ?? serverFields.max ?? t('bid.maxHint')}
            slotProps={{
              htmlInput: { inputMode: 'decimal', 'data-testid': 'lot-bid-max' },
              input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
            }}
            fullWidth
          />
          {isLogin ? (
            <Typography sx={{ fontSize: 13, color: 'text.secondary' }} data-testid="lot-deposit">
              {t('bid.depositLine', {
                total: formatMoney(plan.totalCents),
                held: formatMoney(plan.heldCents),
                add: formatMoney(plan.addCents),
              })}
            </Typography>
          ) : (
            <Typography sx={{ fontSize: 13, color: 'text.secondary' }}>
              {t('bid.depositVisitor', { deposit: formatMoney(lot.depositCents) })}
            </Typography>
          )}
          {bidError ? (
            <Alert severity="error" data-testid="lot-bid-error">
              {bidError}
            </Alert>
          ) : null}
          <Button
            type="submit"
            variant="contained"
            size="large"
            disabled={place.isPending}
            data-testid="lot-bid-submit"
          >
            {isLogin ? t('bid.submit') : t('bid.signIn')}
          </Button>
        </Box>
      ) : null}

      {canExit ? (
        <Button color="error" variant="outlined" onClick={() => setExiting(true)} data-testid="lot-exit">
          {t('exit.button')}
        </Button>
      ) : null}

      <ConfirmDialog
        open={confirming}
        title={t('bid.confirmTitle', { domain: lot.domain })}
        confirmText={t('bid.confirm')}
        confirmTestId="lot-bid-confirm"
        pending={place.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={confirm}
      >
        <Box sx={{ display: 'grid', gap: 0.75 }}>
          <Line label={t('bid.amount')} value={formatMoney(check.amountCents ?? 0)} strong />
          {check.maxAmountCents !== null ? (
            <Line label={t('bid.max')} value={formatMoney(check.maxAmountCents)} />
          ) : null}
          <Divider sx={{ my: 0.5 }} />
          <Line label={t('bid.depositTotal')} value={formatMoney(plan.totalCents)} />
          <Line label={t('bid.depositHeld')} value={formatMoney(plan.heldCents)} />
          <Line label={t('bid.depositAdd')} value={formatMoney(plan.addCents)} strong />
          <Typography sx={{ fontSize: 12.5, color: 'text.secondary', mt: 1, lineHeight: 1.6 }}>
            {t('bid.confirmNote')}
          </Typography>
        </Box>
      </ConfirmDialog>

      <ConfirmDialog
        open={exiting}
        title={t('exit.title')}
        confirmText={t('exit.confirm')}
        confirmTestId="lot-exit-confirm"
        danger
        pending={exit.isPending}
        onClose={() => setExiting(false)}
        onConfirm={() => exit.mutate(undefined, { onSettled: () => setExiting(false) })}
      >
        <Typography sx={{ fontSize: 14, lineHeight: 1.7 }}>
          {t('exit.body', { deposit: formatMoney(lot.myDepositCents) })}
        </Typography>
      </ConfirmDialog>
    </Paper>
  );
}
