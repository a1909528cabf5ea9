import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { CheckoutResult } from '@namebourse/contract';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useAddToCart } from '../../../components/buying/api/add-to-cart.ts';
import { BUYER_LINKS } from '../../../components/buying/api/keys.ts';
import { PRICE_CHANGED_CODE } from '../../../components/buying/index.ts';
import { formatMoney } from '../../../lib/format.ts';
import { useLocale } from '../../../lib/use-locale.ts';

type Failed = CheckoutResult['failed'][number];

/**
 * The partial-success report of a checkout: what was bought (each with its order; unpaid ones wait for payment),
 * what failed and why; a line whose price changed can be confirmed at the new price and checked out again.
 */
export function CheckoutReport({
  report,
  domainOf,
  onDismiss,
}: {
  report: CheckoutResult;
  /** The domain of a failed line the server did not name (from the cart as it was). */
  domainOf: (listingId: string) => string;
  onDismiss: () => void;
}) {
  const { t } = useTranslation('buying');
  const locale = useLocale();
  const paid = report.orders.filter((order) => order.paid);
  const unpaid = report.orders.filter((order) => !order.paid);
  const severity =
    report.failed.length === 0 ? (unpaid.length ? 'warning' : 'success') : report.orders.length ? 'warning' : 'error';
  return (
    <Alert severity={severity} onClose={onDismiss} data-testid="checkout-report" role="status">
      <AlertTitle>{t('checkout.summary', { bought: report.orders.length, failed: report.failed.length })}</AlertTitle>
      <Box sx={{ display: 'grid', gap: 1.5 }}>
        {paid.length ? (
          <Section
            title={t('checkout.bought', { amount: formatMoney(report.paidCents, locale) })}
            testId="checkout-bought"
          >
            {paid.map((order) => (
              <li key={order.orderId}>
                <Box component="span" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                  {order.domain}
                </Box>{' '}
                <Link
                  component={RouterLink}
                  to={BUYER_LINKS.order(order.orderId)}
                  aria-label={t('checkout.orderFor', { domain: order.domain })}
                >
                  {t('checkout.order')}
                </Link>
              </li>
            ))}
          </Section>
        ) : null}
        {unpaid.length ? (
          <Section title={t('checkout.unpaid')} testId="checkout-unpaid">
            {unpaid.map((order) => (
              <li key={order.orderId}>
                <Box component="span" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                  {order.domain}
                </Box>{' '}
                {formatMoney(order.amountCents, locale)}{' '}
                <Link
                  component={RouterLink}
                  to={BUYER_LINKS.order(order.orderId)}
                  aria-label={t('checkout.payFor', { domain: order.domain })}
                >
                  {t('checkout.pay')}
                </Link>
              </li>
            ))}
          </Section>
        ) : null}
        {report.failed.length ? (
          <Section title={t('checkout.failed')} testId="checkout-failed">
            {report.failed.map((line) => (
              <FailedLine key={line.listingId} line={line} domain={line.domain ?? domainOf(line.listingId)} />
            ))}
          </Section>
        ) : null}
      </Box>
    </Alert>
  );
}

function Section({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <Box data-testid={testId}>
      <Typography component="h3" sx={{ typography: 'textMd', fontWeight: 700, mb: 0.5 }}>
        {title}
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 2.5, display: 'grid', gap: 0.5 }}>
        {children}
      </Box>
    </Box>
  );
}

function FailedLine({ line, domain }: { line: Failed; domain: string }) {
  const { t } = useTranslation('buying');
  const locale = useLocale();
  const confirm = useAddToCart();
  const [confirmed, setConfirmed] = useState(false);
  const changed = line.code === PRICE_CHANGED_CODE || line.priceCents !== undefined;
  return (
    <li data-testid="checkout-failed-line">
      <Box component="span" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
        {domain}
      </Box>
      {': '}
      {line.message}
      {changed && line.priceCents !== undefined ? (
        <Box component="span" sx={{ display: 'inline-flex', gap: 1, alignItems: 'center', ml: 1, flexWrap: 'wrap' }}>
          {confirmed ? (
            <Typography component="span" sx={{ typography: 'textSm', fontWeight: 600 }}>
              {t('checkout.confirmedRetry')}
            </Typography>
          ) : (
            <Button
              size="small"
              variant="outlined"
              disabled={confirm.isPending}
              onClick={() =>
                confirm.mutate({ listingId: line.listingId, domain }, { onSuccess: () => setConfirmed(true) })
              }
              aria-label={t('checkout.confirmPriceFor', { domain, price: formatMoney(line.priceCents, locale) })}
            >
              {t('checkout.confirmPrice', { price: formatMoney(line.priceCents, locale) })}
            </Button>
          )}
        </Box>
      ) : null}
    </li>
  );
}
