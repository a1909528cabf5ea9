import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import { type AdminPayee, PAYEE_STATUSES, type PayeeReviewRequest } from '@namebourse/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { ErrorView } from '../../../components/api-feedback';
import { showToast } from '../../../lib/feedback-store';
import { formatDateTime } from '../../../lib/format';
import { usePageTitle } from '../../../lib/use-page-title';
import { type AdminPayeesQuery, useAdminPayees } from '../api/get-payees';
import { useReviewPayee } from '../api/review-payee';
import { ConfirmDialog } from '../components/confirm-dialog';
import { HistoryList } from '../components/history-list';
import { ImageGallery } from '../components/image-gallery';
import { DetailList, type DetailItem, EmptyState, ListSkeleton, PageHeader } from '../components/layout-parts';
import { ListPager, QueueToolbar } from '../components/queue-toolbar';
import { ReviewCard, Subheading } from '../components/review-card';
import { StatusChip } from '../components/status-chip';
import { payeeActionsFor, type ReviewAction } from '../lib/actions';
import { enumParam, pageParam } from '../lib/list-params';
import { ADMIN_PATHS } from '../lib/nav';

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
  const [params, setParams] = useSearchParams();
  const queue = params.get('queue') === 'all' ? 'all' : 'review';
  const status = queue === 'all' ? enumParam(params.get('status'), PAYEE_STATUSES) : undefined;
  const page = pageParam(params.get('page'));
  const query: AdminPayeesQuery = { queue, status, page, pageSize: PAGE_SIZE };
  const list = useAdminPayees(query);
  const review = useReviewPayee();
  const [expanded, setExpanded] = useState<Record<string, boolean>>({});
  // The dialog keeps showing the last action while it closes.
  const [pending, setPending] = useState<{ payee: AdminPayee; action: PayeeAction } | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);

  const update = (next: { queue?: string; status?: string; page?: number }) => {
    const search = new URLSearchParams();
    const q = next.queue ?? queue;
    if (q === 'all') search.set('queue', 'all');
    const s = 'status' in next ? next.status : status;
    if (q === 'all' && s) search.set('status', s);
    const p = next.page ?? 1;
    if (p > 1) search.set('page', String(p));
    setParams(search);
  };

  const items = list.data?.items ?? [];
  const isOpen = (payee: AdminPayee, index: number) => expanded[payee.payeeId] ?? index === 0;

  const confirm = async (reason: string) => {
    if (!pending) return;
    const { payee, action } = pending;
    const body: PayeeReviewRequest = reason ? { action: action.action, reason } : { action: action.action };
    await review.mutateAsync({ payeeId: payee.payeeId, body });
    setDialogOpen(false);
    showToast(t(`payees.done.${action.action}`, { name: payee.name }), 'success');
  };

  let body: React.ReactNode;
  if (list.isPending) body = <ListSkeleton rows={3} />;
  else if (list.isError) body = <ErrorView error={list.error} onRetry={() => void list.refetch()} />;
  else if (items.length === 0)
    body = <EmptyState title={queue === 'review' ? t('payees.emptyQueue') : t('payees.emptyAll')} />;
  else
    body = (
      <Box sx={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}>
        {items.map((payee, index) => {
          const actions = payeeActionsFor(payee.status);
          return (
            <ReviewCard
              key={payee.payeeId}
              id={`payee-${payee.payeeId}`}
              testId="payee-item"
              expanded={isOpen(payee, index)}
              onToggle={() => setExpanded((map) => ({ ...map, [payee.payeeId]: !isOpen(payee, index) }))}
              heading={
                <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                  <Chip component="span" size="small" label={t(`payees.type.${payee.type}`)} sx={{ fontWeight: 600 }} />
                  {payee.name}
                </Box>
              }
              meta={t('payees.meta', {
                accountNo: payee.accountNo,
                email: payee.email,
                time: formatDateTime(payee.submittedAt, i18n.language),
              })}
              status={<StatusChip status={payee.status} />}
              actions={
                actions.length > 0
                  ? actions.map((action) => (
                      <Button
                        key={action.action}
                        variant={action.action === 'approve' ? 'contained' : 'outlined'}
                        color={action.color}
                        onClick={() => {
                          setPending({ payee, action });
                          setDialogOpen(true);
                        }}
                      >
                        {t(`payees.action.${action.action}`)}
                      </Button>
                    ))
                  : undefined
              }
            >
              <PayeeDetails payee={payee} />
            </ReviewCard>
          );
        })}
        <ListPager
          page={page}
          total={list.data.total}
          pageSize={list.data.pageSize}
          onChange={(next) => update({ page: next })}
        />
      </Box>
    );

  return (
    <Box data-testid="admin-payees">
      <PageHeader title={t('payees.title')} subtitle={t('payees.subtitle')} />
      <QueueToolbar
        queues={QUEUES}
        queue={queue}
        queueLabel={(value) => t(`payees.queue.${value}`)}
        statuses={PAYEE_STATUSES}
        status={status}
        onChange={(next) => update({ queue: next.queue, status: next.status })}
        total={list.data?.total}
      />
      {body}
      <ConfirmDialog
        open={dialogOpen && pending !== null}
        onClose={() => setDialogOpen(false)}
        title={pending ? t(`payees.confirm.${pending.action.action}.title`) : ''}
        reason={pending?.action.reason ?? 'none'}
        confirmLabel={pending ? t(`payees.action.${pending.action.action}`) : ''}
        confirmColor={pending?.action.color}
        onConfirm={confirm}
        testId="payee-review-dialog"
      >
        {pending
          ? t(`payees.confirm.${pending.action.action}.body`, {
              name: pending.payee.name,
              accountNo: pending.payee.accountNo,
            })
          : null}
      </ConfirmDialog>
    </Box>
  );
}
