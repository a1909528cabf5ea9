import CreditCardRounded from '@mui/icons-material/CreditCardRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogContentText from '@mui/material/DialogContentText';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { type BankCard, FUNDS_LIMITS } from '@namebourse/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BRAND } from '../../../app/theme.ts';
import { ErrorView } from '../../../components/api-feedback/index.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { showToast } from '../../../lib/feedback-store.ts';
import { formatDate } from '../../../lib/format.ts';
import { useDeleteCard } from '../api/delete-card.ts';
import { useCards } from '../api/get-cards.ts';
import { brandName } from '../lib/card.ts';

export function cardExpiry(card: Pick<BankCard, 'expMonth' | 'expYear'>): { month: string; year: string } {
  return { month: String(card.expMonth).padStart(2, '0'), year: String(card.expYear).slice(-2) };
}

function RemoveCardDialog({ card, onClose }: { card: BankCard | null; onClose: () => void }) {
  const { t } = useTranslation('funds');
  const remove = useDeleteCard();
  const close = () => {
    if (remove.isPending) return;
    remove.reset();
    onClose();
  };
  const confirm = async () => {
    if (!card) return;
    try {
      await remove.mutateAsync(card.cardId);
      showToast(t('cards.removed'), 'success');
      remove.reset();
      onClose();
    } catch {
      // Shown in the dialog.
    }
  };
  return (
    <ConfirmDialog
      open={card !== null}
      title={t('cards.confirm.title')}
      confirmLabel={t('cards.confirm.remove')}
      cancelLabel={t('cards.confirm.cancel')}
      danger
      pending={remove.isPending}
      error={remove.error}
      onConfirm={() => void confirm()}
      onClose={close}
    >
      <DialogContentText>
        {card
          ? t('cards.confirm.body', { card: t('cards.name', { brand: brandName(card.brand), last4: card.last4 }) })
          : null}
      </DialogContentText>
    </ConfirmDialog>
  );
}

/** Cards saved with the payment provider: listed and removable (with a confirmation). */
export function SavedCards() {
  const { t } = useTranslation('funds');
  const cards = useCards();
  const [removing, setRemoving] = useState<BankCard | null>(null);

  return (
    <SectionCard
      id="saved-cards"
      testId="saved-cards"
      title={t('cards.title')}
      description={t('cards.description', { max: FUNDS_LIMITS.cardsMax })}
    >
      {cards.data ? (
        cards.data.length === 0 ? (
          <Typography color="text.secondary" sx={{ typography: 'textMd' }} data-testid="saved-cards-empty">
            {t('cards.empty')}
          </Typography>
        ) : (
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
            {cards.data.map((card) => {
              const name = t('cards.name', { brand: brandName(card.brand), last4: card.last4 });
              return (
                <Box
                  component="li"
                  key={card.cardId}
                  data-testid="saved-card"
                  sx={{
                    display: 'flex',
                    alignItems: 'center',
                    gap: 1.5,
                    p: 1.5,
                    border: 1,
                    borderColor: 'divider',
                    borderRadius: 2,
                  }}
                >
                  <Box
                    aria-hidden="true"
                    sx={{
                      width: 48,
                      height: 32,
                      borderRadius: 1,
                      flexShrink: 0,
                      display: 'grid',
                      placeItems: 'center',
                      color: 'common.white',
                      background: `linear-gradient(135deg, ${BRAND.blue}, ${BRAND.violet})`,
                    }}
                  >
                    <CreditCardRounded fontSize="small" />
                  </Box>
                  <Box sx={{ flex: 1, minWidth: 0 }}>
                    <Typography sx={{ fontWeight: 700, typography: 'textLg' }}>{name}</Typography>
                    <Typography color="text.secondary" sx={{ typography: 'textSm' }}>
                      {card.holder} · {t('cards.expires', cardExpiry(card))} ·{' '}
                      {t('cards.added', { date: formatDate(card.createdAt) })}
                    </Typography>
                  </Box>
                  <Button
                    color="error"
                    size="small"
                    startIcon={<DeleteOutlineRounded />}
                    onClick={() => setRemoving(card)}
                    aria-label={t('cards.removeLabel', { card: name })}
                  >
                    {t('cards.remove')}
                  </Button>
                </Box>
              );
            })}
          </Box>
        )
      ) : cards.isError ? (
        <ErrorView error={cards.error} onRetry={() => void cards.refetch()} />
      ) : (
        <Box role="status" aria-label={t('loading')} sx={{ display: 'grid', gap: 1.5 }}>
          <Skeleton variant="rounded" height={60} />
          <Skeleton variant="rounded" height={60} />
        </Box>
      )}
      <RemoveCardDialog card={removing} onClose={() => setRemoving(null)} />
    </SectionCard>
  );
}
