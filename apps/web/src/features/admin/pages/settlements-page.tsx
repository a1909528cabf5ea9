import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import { type QueuedSettlement, SETTLEMENT_STATUSES, type SettlementDecision } from '@namebourse/contract';
import { Trans, useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { IdText } from '../../../components/id-text.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { showToast } from '../../../lib/feedback-store.ts';
import { formatDateTime, formatMoney } from '../../../lib/format.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useDecideSettlement } from '../api/queue-settlement-decide.ts';
import { type SettlementQueueParams, useSettlementQueue } from '../api/queue-settlements.ts';
import { ReviewQueueList, usePendingReview, useQueueParams } from '../components/admin-list.tsx';
import { ConfirmDialog } from '../components/confirm-dialog.tsx';
import { HistoryList } from '../components/history-list.tsx';
import { type DetailItem, DetailList } from '../components/layout-parts.tsx';
import { Money } from '../components/money.tsx';
import { Subheading } from '../components/review-card.tsx';
import { type ReviewAction, settlementActionsFor } from '../lib/actions.ts';
import { ADMIN_PATHS } from '../lib/nav.ts';

const PAGE_SIZE = 10;
const QUEUES = ['open', 'all'] as const;
type SettlementAction = ReviewAction<SettlementDecision['action'], QueuedSettlement['status']>;

/** Marking a wire paid asks for the bank's reference (sent as `bankReference`), else the reason mode of the action. */
/** The confirmation's texts: approving a balance settlement credits it at once (nobody pays anything). */
const confirmKey = (settlement: QueuedSettlement, action: SettlementAction) =>
  action.action === 'approve' && settlement.target === 'balance' ? 'credit' : action.action;

const needsReference = (settlement: QueuedSettlement, action: SettlementAction) =>
  action.action === 'paid' && settlement.target === 'wire';

function SettlementDetails({ settlement }: { settlement: QueuedSettlement }) {
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
  if (settlement.bankReference) {
    money.push({ label: t('settlements.fields.bankReference'), value: settlement.bankReference, mono: true });
  }
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
            <Box sx={{ typography: 'textMd', color: 'text.secondary' }}>{t('settlements.noBank')}</Box>
          )}
        </>
      ) : null}
      <Subheading>{t('history.title')}</Subheading>
      <HistoryList entries={settlement.history} />
    </Box>
  );
}

/**
 * /admin/settlements: settlements in review or processing (or all by status), in the queue layout (search, whose,
 * age, reviewer). Approving a settlement to the balance credits it at once; a wire is approved, then marked paid
 * with the bank's reference, or failed.
 */
export function SettlementsPage() {
  const { t, i18n } = useTranslation('admin');
  usePageTitle(t('settlements.title'));
  const params = useQueueParams('open', SETTLEMENT_STATUSES);
  const { queue, status, q, assigned, page } = params;
  const query: SettlementQueueParams = { queue, status, q, assigned, page, pageSize: PAGE_SIZE };
  const list = useSettlementQueue(query);
  const review = useDecideSettlement();
  const dialog = usePendingReview<QueuedSettlement, SettlementAction>();
  const money = (cents: number) => formatMoney(cents, i18n.language);

  const confirm = async (reason: string) => {
    if (!dialog.pending) return;
    const { item: settlement, action } = dialog.pending;
    const body: SettlementDecision = needsReference(settlement, action)
      ? { action: action.action, bankReference: reason }
      : reason
        ? { action: action.action, reason }
        : { action: action.action };
    await review.mutateAsync({ settlementId: settlement.settlementId, body });
    dialog.close();
    const done = action.action === 'approve' && settlement.target === 'balance' ? 'credited' : action.action;
    showToast(t(`settlements.done.${done}`, { id: settlement.settlementId }), 'success');
  };
  const pending = dialog.pending;

  return (
    <Box data-testid="admin-settlements">
      <PageHeader title={t('settlements.title')} subtitle={t('settlements.subtitle')} />
      <ReviewQueueList
        section="settlements"
        queues={QUEUES}
        statuses={SETTLEMENT_STATUSES}
        params={params}
        list={list}
        pageSize={PAGE_SIZE}
        searchPlaceholder={t('settlements.searchPlaceholder')}
        stateOf={(settlement) => settlement.queue}
        idOf={(settlement) => settlement.settlementId}
        idPrefix="settlement"
        testId="settlement-item"
        heading={(settlement) => (
          <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <Money cents={settlement.amountCents} />
            <Chip
              component="span"
              size="small"
              label={t(`settlements.target.${settlement.target}`)}
              sx={{ fontWeight: 600 }}
            />
            <IdText sx={{ typography: 'textSm', fontWeight: 500, color: 'text.secondary' }}>
              {settlement.settlementId}
            </IdText>
          </Box>
        )}
        meta={(settlement) => (
          <Trans
            t={t}
            i18nKey="settlements.meta"
            values={{
              accountNo: settlement.accountNo,
              email: settlement.email,
              time: formatDateTime(settlement.requestedAt, i18n.language),
            }}
            components={{ id: <IdText /> }}
          />
        )}
        details={(settlement) => <SettlementDetails settlement={settlement} />}
        actionsOf={(settlement) => settlementActionsFor(settlement.status)}
        actionVariant={(action) => (action.action === 'fail' ? 'outlined' : 'contained')}
        onAction={dialog.start}
      />
      <ConfirmDialog
        open={dialog.open}
        onClose={dialog.close}
        title={pending ? t(`settlements.confirm.${confirmKey(pending.item, pending.action)}.title`) : ''}
        reason={pending ? (needsReference(pending.item, pending.action) ? 'required' : pending.action.reason) : 'none'}
        reasonLabel={
          pending?.action.action === 'fail'
            ? t('settlements.failReason')
            : pending && needsReference(pending.item, pending.action)
              ? t('settlements.bankReference')
              : undefined
        }
        confirmLabel={pending ? t(`settlements.action.${pending.action.action}`) : ''}
        confirmColor={pending?.action.color}
        onConfirm={confirm}
        testId="settlement-review-dialog"
      >
        {pending
          ? t(`settlements.confirm.${confirmKey(pending.item, pending.action)}.body`, {
              id: pending.item.settlementId,
              accountNo: pending.item.accountNo,
              amount: money(pending.item.amountCents),
              net: money(pending.item.netCents),
              target:
                pending.item.target === 'wire'
                  ? (pending.item.payeeDetails?.name ?? pending.item.payee ?? t('settlements.target.wire'))
                  : t('settlements.target.balance'),
            })
          : null}
      </ConfirmDialog>
    </Box>
  );
}
