import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { Listing } from '@namebourse/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CardHead, CardList, ListCard, ListTable } from '../../../components/card-list.tsx';
import { QuickSwitch, ReviewReason, SellerPrice, SellerStatus, sellerDate } from './seller-listing-cells.tsx';
import { FeeLock, ListingActivity } from './seller-listing-fees.tsx';
import { SellerRowActions, type ShelfAction } from './seller-row-actions.tsx';

export interface SellerListProps {
  items: Listing[];
  selected: ReadonlySet<string>;
  onSelect: (listing: Listing, selected: boolean) => void;
  onSelectPage: (selected: boolean) => void;
  onQuick: (listing: Listing, listed: boolean) => void;
  /** Listings whose quick switch request is on its way. */
  quickBusy: ReadonlySet<string>;
  onShelf: (listing: Listing, action: ShelfAction) => void;
}

const cell = { typography: 'textMd', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  margin: '-1px',
  padding: 0,
  border: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

function SelectBox({ listing, props }: { listing: Listing; props: SellerListProps }) {
  const { t } = useTranslation('listings');
  return (
    <Checkbox
      size="small"
      checked={props.selected.has(listing.listingId)}
      onChange={(event) => props.onSelect(listing, event.target.checked)}
      slotProps={{ input: { 'aria-label': t('seller.selectOne', { domain: listing.domain }) } }}
    />
  );
}

function PageSelectBox({ props }: { props: SellerListProps }) {
  const { t } = useTranslation('listings');
  const chosen = props.items.filter((l) => props.selected.has(l.listingId)).length;
  return (
    <Checkbox
      size="small"
      checked={chosen > 0 && chosen === props.items.length}
      indeterminate={chosen > 0 && chosen < props.items.length}
      onChange={(event) => props.onSelectPage(event.target.checked)}
      slotProps={{ input: { 'aria-label': t('seller.selectPage') } }}
    />
  );
}

export function SellerTable(props: SellerListProps) {
  const { t } = useTranslation('listings');
  return (
    <ListTable
      label={t('seller.title')}
      minWidth={1080}
      headPadding
      headNowrap
      head={
        <>
          <TableCell padding="checkbox">
            <PageSelectBox props={props} />
          </TableCell>
          <TableCell>{t('seller.columns.domain')}</TableCell>
          <TableCell>{t('seller.columns.mode')}</TableCell>
          <TableCell>{t('seller.columns.price')}</TableCell>
          <TableCell>{t('seller.columns.activity')}</TableCell>
          <TableCell>{t('seller.columns.status')}</TableCell>
          <TableCell>{t('seller.columns.quick')}</TableCell>
          <TableCell>{t('seller.columns.expires')}</TableCell>
          <TableCell>
            <Box component="span" sx={visuallyHidden}>
              {t('seller.columns.actions')}
            </Box>
          </TableCell>
        </>
      }
    >
      <TableBody>
        {props.items.map((listing) => (
          <TableRow
            key={listing.listingId}
            hover
            selected={props.selected.has(listing.listingId)}
            data-testid="listing-row"
            data-domain={listing.domain}
            sx={{ '& td': { py: 1.25, verticalAlign: 'top' } }}
          >
            <TableCell padding="checkbox">
              <SelectBox listing={listing} props={props} />
            </TableCell>
            <TableCell sx={{ minWidth: 160, maxWidth: 220 }}>
              <Typography sx={{ fontWeight: 700, typography: 'textLg', overflowWrap: 'break-word' }}>
                {listing.domain}
              </Typography>
              <Typography variant="caption" color="text.secondary" component="div">
                {t(`source.${listing.source}`)}
              </Typography>
            </TableCell>
            <TableCell sx={cell}>{t(`mode.${listing.mode}`)}</TableCell>
            <TableCell sx={cell}>
              <SellerPrice listing={listing} />
              <FeeLock listing={listing} />
            </TableCell>
            <TableCell sx={cell}>
              <ListingActivity listing={listing} />
            </TableCell>
            <TableCell>
              <SellerStatus listing={listing} />
            </TableCell>
            <TableCell>
              <QuickSwitch listing={listing} busy={props.quickBusy.has(listing.listingId)} onToggle={props.onQuick} />
            </TableCell>
            <TableCell sx={cell}>
              {listing.expiresAt ? sellerDate(listing.expiresAt) : t('endOption.long_term')}
              <Typography variant="caption" color="text.secondary" component="div">
                {t('seller.updatedOn', { date: sellerDate(listing.updatedAt) })}
              </Typography>
            </TableCell>
            <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
              <SellerRowActions listing={listing} onShelf={props.onShelf} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </ListTable>
  );
}

function Field({ label, children, wide = false }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <Box sx={{ minWidth: 0, ...(wide ? { gridColumn: '1 / -1' } : {}) }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Box sx={{ typography: 'textMd', fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' }}>{children}</Box>
    </Box>
  );
}

export function SellerCards(props: SellerListProps) {
  const { t } = useTranslation('listings');
  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'center', mb: 1, ml: -0.5 }}>
        <PageSelectBox props={props} />
        <Typography sx={{ typography: 'textMd' }} aria-hidden>
          {t('seller.selectPageShort')}
        </Typography>
      </Box>
      <CardList>
        {props.items.map((listing) => (
          <ListCard
            key={listing.listingId}
            selected={props.selected.has(listing.listingId)}
            data-testid="listing-row"
            data-domain={listing.domain}
          >
            <CardHead
              start={
                <Box sx={{ ml: -1, mt: -0.75 }}>
                  <SelectBox listing={listing} props={props} />
                </Box>
              }
              end={<SellerStatus listing={listing} reason={false} />}
            >
              <Typography sx={{ fontWeight: 700, typography: 'textXl', overflowWrap: 'break-word' }}>
                {listing.domain}
              </Typography>
              <Typography variant="caption" color="text.secondary" component="div">
                {t(`mode.${listing.mode}`)} · {t(`source.${listing.source}`)}
              </Typography>
            </CardHead>
            <Box sx={{ mt: 0.5 }}>
              <ReviewReason listing={listing} />
            </Box>
            <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1.25, mt: 1.5 }}>
              <Field label={t('seller.columns.price')}>
                <SellerPrice listing={listing} />
                <FeeLock listing={listing} />
              </Field>
              <Field label={t('seller.columns.activity')}>
                <ListingActivity listing={listing} />
              </Field>
              <Field label={t('seller.columns.expires')}>
                {listing.expiresAt ? sellerDate(listing.expiresAt) : t('endOption.long_term')}
              </Field>
              <Field label={t('seller.columns.quick')} wide>
                <QuickSwitch listing={listing} busy={props.quickBusy.has(listing.listingId)} onToggle={props.onQuick} />
              </Field>
              <Field label={t('seller.columns.updated')}>{sellerDate(listing.updatedAt)}</Field>
            </Box>
            <Box sx={{ mt: 1, mx: -1 }}>
              <SellerRowActions listing={listing} onShelf={props.onShelf} wrap />
            </Box>
          </ListCard>
        ))}
      </CardList>
    </>
  );
}
