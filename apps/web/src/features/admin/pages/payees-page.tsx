import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import { type AdminPayee, PAYEE_STATUSES, type PayeeReviewRequest, type QueuedPayee } from '@namebourse/contract';
import { Trans, useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { IdText } from '../../../components/id-text.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { showToast } from '../../../lib/feedback-store.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { type PayeeQueueParams, usePayeeQueue } from '../api/queue-payees.ts';
import { useReviewPayee } from '../api/review-payee.ts';
import { ReviewQueueList, usePendingReview, useQueueParams } from '../components/admin-list.tsx';
import { ConfirmDialog } from '../components/confirm-dialog.tsx';
import { HistoryList } from '../components/history-list.tsx';
import { ImageGallery } from '../components/image-gallery.tsx';
import { type DetailItem, DetailList } from '../components/layout-parts.tsx';
import { Subheading } from '../components/review-card.tsx';
import { payeeActionsFor, type ReviewAction } from '../lib/actions.ts';
import { ADMIN_PATHS } from '../lib/nav.ts';

const PAGE_SIZE = 10;
const QUEUES = ['review', 'all'] as const;
type PayeeAction = ReviewAction<PayeeReviewRequest['action'], AdminPayee['status']>;

function PayeeDetails({ payee }: { payee: AdminPayee }) {
  const { t, i18n } = useTranslation('admin');
  const time = (value: string | null) => (value ? formatDateTime(value, i18n.language) : null);
  const owner: DetailItem[] = [
    {
      label: t('fields.accountNo'),
      mono: true,
      value: (
        <Link component={RouterLink} to={`${ADMIN_PATHS.users}/${encodeURIComponent(payee.accountNo)}`}>
          {payee.accountNo}
        </Link>
      ),
    },
    { label: t('fields.email'), value: payee.email },
  ];
  const fields: DetailItem[] =
    payee.type === 'wire'
      ? [
          { label: t('payees.fields.name'), value: payee.name },
          { label: t('payees.fields.bankName'), value: payee.bankName },
          {
            label: t('payees.fields.accountNumber'),
            value: payee.accountNumberFull ?? payee.accountNumber,
            mono: true,
          },
          {
            label: t('payees.fields.accountType'),
            value: payee.accountType ? t(`payees.accountType.${payee.accountType}`) : null,
          },
          { label: t('payees.fields.swiftCode'), value: payee.swiftCode, mono: true },
          { label: t('payees.fields.businessRegistrationNumber'), value: payee.businessRegistrationNumber, mono: true },
          { label: t('payees.fields.idNumber'), value: payee.idNumber, mono: true },
          { label: t('payees.fields.signatory'), value: payee.signatory },
          { label: t('payees.fields.address'), value: payee.address, wide: true },
        ]
      : [
          { label: t('payees.fields.name'), value: payee.name },
          { label: t('payees.fields.paypalAccount'), value: payee.paypalAccount },
        ];
  const review: DetailItem[] = [
    { label: t('payees.fields.submittedAt'), value: time(payee.submittedAt) },
    { label: t('payees.fields.updatedAt'), value: time(payee.updatedAt) },
    { label: t('payees.fields.reviewDueAt'), value: time(payee.reviewDueAt) },
    { label: t('payees.fields.payeeId'), value: payee.payeeId, mono: true },
  ];
  if (payee.reviewNote) review.push({ label: t('payees.fields.reviewNote'), value: payee.reviewNote, wide: true });

  return (
    <Box data-testid="payee-details">
      <Subheading>{t('payees.owner')}</Subheading>
      <DetailList items={owner} />
      <Subheading>{t('payees.details')}</Subheading>
      <DetailList items={fields} />
      <Subheading>{t('payees.files')}</Subheading>
      <ImageGallery files={payee.files} />
      <Subheading>{t('payees.review')}</Subheading>
      <DetailList items={review} />
      <Subheading>{t('history.title')}</Subheading>
      <HistoryList entries={payee.history} />
    </Box>
  );
}

/** /admin/payees: payees waiting for review (oldest first), or every payee by status; approve, reject, supplement. */
export function PayeesPage() {
  const { t, i18n } = useTranslation('admin');
  usePageTitle(t('payees.title'));
  const params = useQueueParams('review', PAYEE_STATUSES);
  const { queue, status, q, assigned, page } = params;
  const query: PayeeQueueParams = { queue, status, q, assigned, page, pageSize: PAGE_SIZE };
  const list = usePayeeQueue(query);
  const review = useReviewPayee();
  const dialog = usePendingReview<QueuedPayee, PayeeAction>();

  const confirm = async (reason: string) => {
    if (!dialog.pending) return;
    const { item: payee, action } = dialog.pending;
    const body: PayeeReviewRequest = reason ? { action: action.action, reason } : { action: action.action };
    await review.mutateAsync({ payeeId: payee.payeeId, body });
    dialog.close();
    showToast(t(`payees.done.${action.action}`, { name: payee.name }), 'success');
  };
  const pending = dialog.pending;

  return (
    <Box data-testid="admin-payees">
      <PageHeader title={t('payees.title')} subtitle={t('payees.subtitle')} />
      <ReviewQueueList
        section="payees"
        queues={QUEUES}
        statuses={PAYEE_STATUSES}
        params={params}
        list={list}
        pageSize={PAGE_SIZE}
        searchPlaceholder={t('payees.searchPlaceholder')}
        stateOf={(payee) => payee.queue}
        idOf={(payee) => payee.payeeId}
        idPrefix="payee"
        testId="payee-item"
        heading={(payee) => (
          <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <Chip component="span" size="small" label={t(`payees.type.${payee.type}`)} sx={{ fontWeight: 600 }} />
            {payee.name}
          </Box>
        )}
        meta={(payee) => (
          <Trans
            t={t}
            i18nKey="payees.meta"
            values={{
              accountNo: payee.accountNo,
              email: payee.email,
              time: formatDateTime(payee.submittedAt, i18n.language),
            }}
            components={{ id: <IdText /> }}
          />
        )}
        details={(payee) => <PayeeDetails payee={payee} />}
        actionsOf={(payee) => payeeActionsFor(payee.status)}
        actionVariant={(action) => (action.action === 'approve' ? 'contained' : 'outlined')}
        onAction={dialog.start}
      />
      <ConfirmDialog
        open={dialog.open}
        onClose={dialog.close}
        title={pending ? t(`payees.confirm.${pending.action.action}.title`) : ''}
        reason={pending?.action.reason ?? 'none'}
        confirmLabel={pending ? t(`payees.action.${pending.action.action}`) : ''}
        confirmColor={pending?.action.color}
        onConfirm={confirm}
        testId="payee-review-dialog"
      >
        {pending
          ? t(`payees.confirm.${pending.action.action}.body`, {
              name: pending.item.name,
              accountNo: pending.item.accountNo,
            })
          : null}
      </ConfirmDialog>
    </Box>
  );
}
