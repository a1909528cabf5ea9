import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { CartItem } from '@namebourse/contract';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useAddToCart } from '../../../components/buying/api/add-to-cart.ts';
import { purchaseFailureKey } from '../../../components/buying/index.ts';
import { CardHead, CardList, ListCard, ListTable } from '../../../components/card-list.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { useRemoveFromCart } from '../api/remove-from-cart.ts';

const marketHref = (domain: string) => `/market/${encodeURIComponent(domain)}`;

/** The cart's lines: a table on wide screens, cards on phones. */
export function CartLines({ items, wide, busy }: { items: CartItem[]; wide: boolean; busy: boolean }) {
  const { t } = useTranslation('buying');
  if (wide) {
    return (
      <ListTable
        label={t('cart.linesLabel')}
        minWidth={580}
        headPadding
        head={
          <>
            <TableCell>{t('cart.col.domain')}</TableCell>
            <TableCell align="right">{t('cart.col.price')}</TableCell>
            <TableCell>{t('cart.col.state')}</TableCell>
            <TableCell align="right">{t('cart.col.actions')}</TableCell>
          </>
        }
        data-testid="cart-table"
      >
        <TableBody>
          {items.map((item) => (
            <TableRow key={item.listingId} data-testid="cart-line" data-listing={item.listingId}>
              <TableCell sx={{ overflowWrap: 'anywhere', maxWidth: 260 }}>
                <DomainLink domain={item.domain} />
              </TableCell>
              <TableCell align="right">
                <Price item={item} />
                <Typography sx={{ typography: 'textSm', color: 'text.secondary', whiteSpace: 'nowrap' }}>
                  {t('cart.withTax')}: <LineTotal item={item} />
                </Typography>
              </TableCell>
              <TableCell>
                <LineState item={item} />
              </TableCell>
              <TableCell align="right">
                <LineActions item={item} busy={busy} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </ListTable>
    );
  }
  return (
    <CardList data-testid="cart-cards">
      {items.map((item) => (
        <ListCard key={item.listingId} data-testid="cart-line" data-listing={item.listingId}>
          <CardHead end={<Price item={item} />}>
            <Typography component="h2" sx={{ typography: 'textLg', fontWeight: 700, overflowWrap: 'anywhere', m: 0 }}>
              <DomainLink domain={item.domain} />
            </Typography>
          </CardHead>
          <Box sx={{ mt: 1, display: 'grid', gap: 1 }}>
            <Typography sx={{ typography: 'textSm', color: 'text.secondary' }}>
              {t('cart.withTax')}: <LineTotal item={item} />
            </Typography>
            <LineState item={item} />
            <LineActions item={item} busy={busy} />
          </Box>
        </ListCard>
      ))}
    </CardList>
  );
}

function DomainLink({ domain }: { domain: string }) {
  return (
    <Link component={RouterLink} to={marketHref(domain)} underline="hover" sx={{ fontWeight: 700 }}>
      {domain}
    </Link>
  );
}

function Price({ item }: { item: CartItem }) {
  const locale = useLocale();
  return (
    <Box component="span" sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
      {item.priceCents === null ? '—' : formatMoney(item.priceCents, locale)}
    </Box>
  );
}

function LineTotal({ item }: { item: CartItem }) {
  const locale = useLocale();
  return <>{item.available && item.priceCents !== null ? formatMoney(item.totalCents, locale) : '—'}</>;
}

/** Available, a changed price (from the price it was added at), or why it cannot be bought. */
function LineState({ item }: { item: CartItem }) {
  const { t } = useTranslation('buying');
  const locale = useLocale();
  if (!item.available) {
    return (
      <Chip
        size="small"
        color="default"
        variant="outlined"
        label={t(purchaseFailureKey(item.unavailableReason ?? 'unavailable'))}
        data-testid="cart-line-unavailable"
        sx={{
          justifySelf: 'start',
          maxWidth: '100%',
          height: 'auto',
          '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 },
        }}
      />
    );
  }
  if (item.priceChanged) {
    return (
      <Typography sx={{ typography: 'textSm', color: 'warning.dark', fontWeight: 600 }} data-testid="cart-line-changed">
        {t('cart.priceChangedFrom', { price: formatMoney(item.addedPriceCents, locale) })}
      </Typography>
    );
  }
  return <Chip size="small" color="success" variant="outlined" label={t('cart.ready')} sx={{ justifySelf: 'start' }} />;
}

function LineActions({ item, busy }: { item: CartItem; busy: boolean }) {
  const { t } = useTranslation('buying');
  const confirm = useAddToCart();
  const remove = useRemoveFromCart();
  return (
    <Box
      sx={{
        display: 'flex',
        gap: 1,
        flexWrap: 'wrap',
        justifyContent: { md: 'flex-end' },
        flexDirection: { md: 'column' },
        alignItems: { md: 'flex-end' },
      }}
    >
      {item.available && item.priceChanged ? (
        <Button
          size="small"
          variant="contained"
          color="warning"
          disabled={busy || confirm.isPending}
          onClick={() => confirm.mutate({ listingId: item.listingId, domain: item.domain })}
          aria-label={t('cart.confirmFor', { domain: item.domain })}
        >
          {t('cart.confirm')}
        </Button>
      ) : null}
      <Button
        size="small"
        color="inherit"
        startIcon={<DeleteOutlineRounded />}
        disabled={busy || remove.isPending}
        onClick={() => remove.mutate(item.listingId)}
        aria-label={t('cart.removeFor', { domain: item.domain })}
      >
        {t('cart.remove')}
      </Button>
    </Box>
  );
}
