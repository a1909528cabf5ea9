import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { FUNDS_LIMITS, PAYEE_TYPES, type Payee, type PayeeType } from '@namebourse/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorView } from '../../../components/api-feedback/index.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { usePayees } from '../api/get-payees.ts';
import { PayeeCard } from '../components/payee-card.tsx';
import { PayeeEditorDialog } from '../components/payee-editor-dialog.tsx';
import { ImageLightbox, type ImageRef } from '../components/payee-image.tsx';
import { RevokePayeeDialog } from '../components/revoke-payee-dialog.tsx';

/** /console/fund/payees: the account's payees, one per type (bank wire, PayPal). */
export function PayeesPage() {
  const { t } = useTranslation('payouts');
  usePageTitle(t('payees.title'));
  const payees = usePayees();
  const [editing, setEditing] = useState<{ type: PayeeType; payee: Payee | null } | null>(null);
  const [revoking, setRevoking] = useState<Payee | null>(null);
  const [image, setImage] = useState<ImageRef | null>(null);

  let body: React.ReactNode;
  if (payees.isPending)
    body = (
      <Box role="status" aria-label={t('loading')} sx={{ display: 'grid', gap: 2 }}>
        <Skeleton variant="rounded" height={220} />
        <Skeleton variant="rounded" height={160} />
      </Box>
    );
  else if (payees.isError) body = <ErrorView error={payees.error} onRetry={() => void payees.refetch()} />;
  else
    body = (
      <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: { xs: 2, md: 2.5 } }}>
        {PAYEE_TYPES.map((type) => {
          const payee = payees.data.find((item) => item.type === type) ?? null;
          return (
            <PayeeCard
              key={type}
              type={type}
              payee={payee}
              onEdit={() => setEditing({ type, payee })}
              onRevoke={() => payee && setRevoking(payee)}
              onOpenImage={setImage}
            />
          );
        })}
      </Box>
    );

  return (
    <Box data-testid="payees-page" sx={{ pb: { xs: 3, md: 0 } }}>
      <PageHeader title={t('payees.title')} subtitle={t('payees.subtitle', { days: FUNDS_LIMITS.payeeReviewDays })} />
      {body}
      <PayeeEditorDialog
        type={editing?.type ?? null}
        payee={editing?.payee ?? null}
        onClose={() => setEditing(null)}
        onOpenImage={setImage}
      />
      {revoking ? <RevokePayeeDialog payee={revoking} onClose={() => setRevoking(null)} /> : null}
      <ImageLightbox image={image} onClose={() => setImage(null)} />
    </Box>
  );
}
