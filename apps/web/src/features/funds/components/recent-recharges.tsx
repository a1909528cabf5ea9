import OpenInNewRounded from '@mui/icons-material/OpenInNewRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { Recharge } from '@namebourse/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { IdText } from '../../../components/id-text.tsx';
import { PagedList } from '../../../components/paged-list.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { formatDateTime, formatMoney } from '../../../lib/format.ts';
import { useRecharges } from '../api/get-recharges.ts';
import { continueUrl, isSameSiteUrl, resultPath } from '../lib/urls.ts';
import { FailureReasonText } from './failure-reason-text.tsx';
import { RechargeStatusChip } from './recharge-status-chip.tsx';
import { usePaginationLabel } from './use-pagination-label.ts';

export const RECENT_PAGE_SIZE = 5;

function RechargeRow({ recharge }: { recharge: Recharge }) {
  const { t } = useTranslation('funds');
  const method = recharge.cardLast4
    ? t('recent.methodCard', { method: t(`methods.${recharge.method}`), last4: recharge.cardLast4 })
    : t(`methods.${recharge.method}`);
  const pay = continueUrl(recharge);
  const continueLabel = t('recent.continue');
  return (
    <Box
      component="li"
      data-testid="recharge-item"
      data-recharge-id={recharge.rechargeId}
      data-status={recharge.status}
      sx={{ py: 1.5, borderBottom: 1, borderColor: 'divider', '&:last-of-type': { borderBottom: 0 } }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1.5 }}>
        <Typography sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}>
          {formatMoney(recharge.amountCents)}
        </Typography>
        <RechargeStatusChip status={recharge.status} />
      </Box>
      <Typography color="text.secondary" sx={{ typography: 'textSm' }}>
        {method} · {t('recent.fee', { amount: formatMoney(recharge.feeCents) })}
      </Typography>
      <Typography color="text.secondary" sx={{ typography: 'textSm', overflowWrap: 'anywhere' }}>
        {formatDateTime(recharge.createdAt)} ·{' '}
        <IdText wrap sx={{ typography: 'textXs' }}>
          {recharge.rechargeId}
        </IdText>
      </Typography>
      {recharge.status === 'failed' ? (
        <Typography color="error" sx={{ typography: 'textSm', mt: 0.25 }}>
          <FailureReasonText reason={recharge.failureReason} />
        </Typography>
      ) : null}
      <Box sx={{ display: 'flex', gap: 0.5, justifyContent: 'flex-end', mt: 0.5, mr: -1 }}>
        {pay ? (
          isSameSiteUrl(pay) ? (
            <Button size="small" component={RouterLink} to={pay} endIcon={<OpenInNewRounded fontSize="small" />}>
              {continueLabel}
            </Button>
          ) : (
            <Button size="small" href={pay} endIcon={<OpenInNewRounded fontSize="small" />}>
              {continueLabel}
            </Button>
          )
        ) : null}
        <Button size="small" component={RouterLink} to={resultPath(recharge.rechargeId)}>
          {t('recent.details')}
        </Button>
      </Box>
    </Box>
  );
}

/** The latest top-ups with their statuses (recharging, success, failed). */
export function RecentRecharges() {
  const { t } = useTranslation('funds');
  const paginationLabel = usePaginationLabel();
  const [page, setPage] = useState(1);
  const recharges = useRecharges(page, RECENT_PAGE_SIZE);
  const data = recharges.data;

  return (
    <SectionCard id="recent-recharges" title={t('recent.title')} testId="recent-recharges">
      <PagedList
        query={recharges}
        loading={{ label: t('loading'), height: 56 }}
        empty={
          <Typography color="text.secondary" sx={{ typography: 'textMd' }} data-testid="recent-recharges-empty">
            {t('recent.empty')}
          </Typography>
        }
        isEmpty={!data || data.items.length === 0}
        pages={
          data
            ? {
                total: data.total,
                pageSize: RECENT_PAGE_SIZE,
                page,
                onChange: setPage,
                compact: false,
                itemLabel: paginationLabel,
                inCard: true,
              }
            : null
        }
      >
        {() => (
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {data?.items.map((recharge) => (
              <RechargeRow key={recharge.rechargeId} recharge={recharge} />
            ))}
          </Box>
        )}
      </PagedList>
    </SectionCard>
  );
}
