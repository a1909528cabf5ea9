import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import { type AdminSettlement, SETTLEMENT_STATUSES, type SettlementReviewRequest } from '@namebourse/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { MONO_FONT_FAMILY } from '../../../app/theme';
import { ErrorView } from '../../../components/api-feedback';
import { showToast } from '../../../lib/feedback-store';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { usePageTitle } from '../../../lib/use-page-title';
import { type AdminSettlementsQuery, useAdminSettlements } from '../api/get-settlements';
import { useReviewSettlement } from '../api/review-settlement';
import { ConfirmDialog } from '../components/confirm-dialog';
import { HistoryList } from '../components/history-list';
import { DetailList, type DetailItem, EmptyState, ListSkeleton, PageHeader } from '../components/layout-parts';
import { Money } from '../components/money';
import { ListPager, QueueToolbar } from '../components/queue-toolbar';
import { ReviewCard, Subheading } from '../components/review-card';
import { StatusChip } from '../components/status-chip';
import { type ReviewAction, settlementActionsFor } from '../lib/actions';
import { enumParam, pageParam } from '../lib/list-params';
import { ADMIN_PATHS } from '../lib/nav';

const PAGE_SIZE = 10;
const QUEUES = ['open', 'all'] as const;
type SettlementAction = ReviewAction<SettlementReviewRequest['action'], AdminSettlement['status']>;

function SettlementDetails({ settlement }: { settlement: AdminSettlement }) {
  const { t, i18n } = useTranslation('admin');
  const owner: DetailItem[] = [
    {
      label: t('fields.accountNo'),
      mono: true,
      value: (
        <Link component={RouterLink} to={`${ADMIN_PATHS.users}/${encodeURIComponent(settlement.accountNo)}`}>
          {settlement.accountNo}
        </Link>
      ),
    },
    { label: t('fields.email'), value: settlement.email },
  ];
  const money: DetailItem[] = [
    { label: t('settlements.fields.amount'), value: <Money cents={settlement.amountCents} /> },
    { label: t('settlements.fields.fee'), value: <Money cents={settlement.feeCents} /> },
    { label: t('settlements.fields.net'), value: <Money cents={settlement.netCents} /> },
    { label: t('settlements.fields.currency'), value: settlement.currency },
    { label: t('settlements.fields.target'), value: t(`settlements.target.${settlement.target}`) },
    { label: t('settlements.fields.payee'), value: settlement.payee, wide: settlement.payee !== null },
    { label: t('settlements.fields.requestedAt'), value: formatDateTime(settlement.requestedAt, i18n.language) },
    { label: t('settlements.fields.updatedAt'), value: formatDateTime(settlement.updatedAt, i18n.language) },
    { label: t('settlements.fields.note'), value: settlement.note, wide: true },
  ];
  if (settlement.failureReason) {
    money.push({ label: t('settlements.fields.failureReason'), value: settlement.failureReason, wide: true });
  }
  const bank = settlement.payeeDetails;
  return (
    <Box data-testid="settlement-details">
      <Subheading>{t('settlements.user')}</Subheading>
      <DetailList items={owner} />
      <Subheading>{t('settlements.details')}</Subheading>
      <DetailList items={money} columns={3} phoneColumns={2} />
      {settlement.target === 'wire' ? (
        <>
          <Subheading>{t('settlements.bank')}</Subheading>
          {bank ? (
            <DetailList
              items={[
                { label: t('payees.fields.name'), value: bank.name },
                { label: t('payees.fields.bankName'), value: bank.bankName },
                { label: t('payees.fields.accountNumber'), value: bank.accountNumber, mono: true },
                { label: t('payees.fields.swiftCode'), value: bank.swiftCode, mono: true },
                { label: t('payees.fields.address'), value: bank.address, wide: true },
              ]}
            />
          ) : (
            <Box sx={{ fontSize: 14, color: 'text.secondary' }}>{t('settlements.noBank')}</Box>
          )}
        </>
      ) : null}
      <Subheading>{t('history.title')}</Subheading>
      <HistoryList entries={settlement.history} />
    </Box>
  );
}

/** /admin/settlements: settlements in review or processing (or all by status); approve, mark paid, mark failed. */
export function SettlementsPage() {
  const { t, i18n } = useTranslation('admin');
  usePageTitle(t('settlements.title'));
  const [params, setParams] = useSearchParams();
  const queue = params.get('queue') === 'all' ? 'all' : 'open';
  const status = queue === 'all' ? enumParam(params.get('status'), SETTLEMENT_STATUSES) : undefined;
  const page = pageParam(params.get('page'));
  const query: AdminSettlementsQuery = { queue, status, page, pageSize: PAGE_SIZE };
  const list = useAdminSettlements(query);
  const review = useReviewSettlement();
  const [expanded, setExpanded] = useState<Record<string, boolean>>({});
  const [pending, setPending] = useState<{ settlement: AdminSettlement; action: SettlementAction } | null>(null);
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
  const isOpen = (item: AdminSettlement, index: number) => expanded[item.settlementId] ?? index === 0;
  const money = (cents: number) => formatMoney(cents, i18n.language);

  const confirm = async (reason: string) => {
    if (!pending) return;
    const { settlement, action } = pending;
    const body: SettlementReviewRequest = reason ? { action: action.action, reason } : { action: action.action };
    await review.mutateAsync({ settlementId: settlement.settlementId, body });
    setDialogOpen(false);
    showToast(t(`settlements.done.${action.action}`, { id: settlement.settlementId }), 'success');
  };

  let body: React.ReactNode;
  if (list.isPending) body = <ListSkeleton rows={3} />;
  else if (list.isError) body = <ErrorView error={list.error} onRetry={() => void list.refetch()} />;
  else if (items.length === 0)
    body = <EmptyState title={queue === 'open' ? t('settlements.emptyQueue') : t('settlements.emptyAll')} />;
  else
    body = (
      <Box sx={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}>
        {items.map((settlement, index) => {
          const actions = settlementActionsFor(settlement.status);
          return (
            <ReviewCard
              key={settlement.settlementId}
              id={`settlement-${settlement.settlementId}`}
              testId="settlement-item"
              expanded={isOpen(settlement, index)}
              onToggle={() => setExpanded((map) => ({ ...map, [settlement.settlementId]: !isOpen(settlement, index) }))}
              heading={
                <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                  <Money cents={settlement.amountCents} />
                  <Chip
                    component="span"
                    size="small"
                    label={t(`settlements.target.${settlement.target}`)}
                    sx={{ fontWeight: 600 }}
                  />
                  <Box
                    component="span"
                    sx={{ fontFamily: MONO_FONT_FAMILY, fontSize: 13, fontWeight: 500, color: 'text.secondary' }}
                  >
                    {settlement.settlementId}
                  </Box>
                </Box>
              }
              meta={t('settlements.meta', {
                accountNo: settlement.accountNo,
                email: settlement.email,
                time: formatDateTime(settlement.requestedAt, i18n.language),
              })}
              status={<StatusChip status={settlement.status} />}
              actions={
                actions.length > 0
                  ? actions.map((action) => (
                      <Button
                        key={action.action}
                        variant={action.action === 'fail' ? 'outlined' : 'contained'}
                        color={action.color}
                        onClick={() => {
                          setPending({ settlement, action });
                          setDialogOpen(true);
                        }}
                      >
                        {t(`settlements.action.${action.action}`)}
                      </Button>
                    ))
                  : undefined
              }
            >
              <SettlementDetails settlement={settlement} />
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
    <Box data-testid="admin-settlements">
      <PageHeader title={t('settlements.title')} subtitle={t('settlements.subtitle')} />
      <QueueToolbar
        queues={QUEUES}
        queue={queue}
        queueLabel={(value) => t(`settlements.queue.${value}`)}
        statuses={SETTLEMENT_STATUSES}
        status={status}
        onChange={(next) => update({ queue: next.queue, status: next.status })}
        total={list.data?.total}
      />
      {body}
      <ConfirmDialog
        open={dialogOpen && pending !== null}
        onClose={() => setDialogOpen(false)}
        title={pending ? t(`settlements.confirm.${pending.action.action}.title`) : ''}
        reason={pending?.action.reason ?? 'none'}
        reasonLabel={pending?.action.action === 'fail' ? t('settlements.failReason') : undefined}
        confirmLabel={pending ? t(`settlements.action.${pending.action.action}`) : ''}
        confirmColor={pending?.action.color}
        onConfirm={confirm}
        testId="settlement-review-dialog"
      >
        {pending
          ? t(`settlements.confirm.${pending.action.action}.body`, {
              id: pending.settlement.settlementId,
              accountNo: pending.settlement.accountNo,
              amount: money(pending.settlement.amountCents),
              net: money(pending.settlement.netCents),
              target:
                pending.settlement.target === 'wire'
                  ? (pending.settlement.payeeDetails?.name ?? pending.settlement.payee ?? t('settlements.target.wire'))
                  : t('settlements.target.balance'),
            })
          : null}
      </ConfirmDialog>
    </Box>
  );
}
