import ExpandLessRounded from '@mui/icons-material/ExpandLessRounded';
import ExpandMoreRounded from '@mui/icons-material/ExpandMoreRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Typography from '@mui/material/Typography';
import type { Offer, OfferEvent } from '@namebourse/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatMoney } from '../../../lib/format.ts';

const DOT: Record<OfferEvent['action'], string> = {
  offered: 'info.main',
  countered: 'warning.main',
  accepted: 'success.main',
  rejected: 'error.main',
  withdrawn: 'text.disabled',
  expired: 'text.disabled',
};

/** What one step says: "Buyer offered $1,000.00", "Seller countered with $1,200.00", "System: the offer expired". */
function useEventText() {
  const { t } = useTranslation('offers');
  return (event: OfferEvent) => {
    const withAmount = event.action === 'offered' || event.action === 'countered' || event.action === 'accepted';
    const action =
      withAmount && event.amountCents === null
        ? t(`history.action.${event.action}_none`)
        : t(`history.action.${event.action}`, {
            amount: event.amountCents === null ? '' : formatMoney(event.amountCents),
          });
    return t('history.step', { by: t(`history.by.${event.by}`), action });
  };
}

/** The offer's steps, oldest first, behind a "History (n)" button (both sides see the same history). */
export function OfferHistory({ offer }: { offer: Offer }) {
  const { t } = useTranslation('offers');
  const [open, setOpen] = useState(false);
  const listId = useId();
  const text = useEventText();
  if (offer.history.length === 0) return null;
  return (
    <Box>
      <Button
        size="small"
        color="inherit"
        onClick={() => setOpen((value) => !value)}
        aria-expanded={open}
        aria-controls={listId}
        endIcon={open ? <ExpandLessRounded /> : <ExpandMoreRounded />}
        sx={{ px: 0.5, color: 'text.secondary', typography: 'textSm' }}
      >
        {open ? t('history.hide') : t('history.show', { count: offer.history.length })}
      </Button>
      <Collapse in={open} unmountOnExit>
        <Box
          component="ol"
          id={listId}
          aria-label={t('history.label', { domain: offer.domain })}
          data-testid="offer-history"
          sx={{ listStyle: 'none', m: 0, mt: 1, p: 0, pl: 1 }}
        >
          {offer.history.map((event, index) => (
            <Box
              component="li"
              // biome-ignore lint/suspicious/noArrayIndexKey: the history is append-only, in order
              key={index}
              sx={{
                position: 'relative',
                pl: 2.5,
                pb: index === offer.history.length - 1 ? 0 : 1.5,
                borderLeft: index === offer.history.length - 1 ? 0 : 2,
                borderColor: 'divider',
                ml: '5px',
              }}
            >
              <Box
                aria-hidden
                sx={{
                  position: 'absolute',
                  left: index === offer.history.length - 1 ? -5 : -7,
                  top: 3,
                  width: 12,
                  height: 12,
                  borderRadius: '50%',
                  bgcolor: DOT[event.action],
                }}
              />
              <Typography sx={{ typography: 'textSm', fontWeight: 600, lineHeight: 1.4 }}>{text(event)}</Typography>
              <Typography
                variant="caption"
                color="text.secondary"
                component="div"
                sx={{ fontVariantNumeric: 'tabular-nums' }}
              >
                {formatDateTime(event.at)}
              </Typography>
            </Box>
          ))}
        </Box>
      </Collapse>
    </Box>
  );
}
