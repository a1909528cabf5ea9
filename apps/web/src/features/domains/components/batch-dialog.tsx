import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { DOMAIN_RULES, type DomainBatchAction, type MyDomain } from '@namebourse/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { API_CODES, isApiError } from '../../../lib/api-client.ts';
import { formatMoney } from '../../../lib/format.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { batchDomains } from '../api/batch-domains.ts';
import { useDomainGroups } from '../api/get-domain-groups.ts';
import { domainKeys } from '../api/keys.ts';
import {
  addBatchError,
  addBatchResult,
  BATCH_CHUNK,
  type BatchReport,
  batchRenewalTotal,
  chunk,
} from '../lib/operations.ts';
import { DialogFrame } from './dialog-frame.tsx';
import { domainErrorText } from './domain-error.tsx';
import { GroupSelect, NO_GROUP } from './group-select.tsx';
import { PriceLines } from './price-lines.tsx';
import { pendingMoney, useTaxRate } from './use-tax-rate.ts';
import { YearsSelect } from './years-select.tsx';

type Phase = { step: 'confirm' } | { step: 'running'; done: number } | { step: 'report'; report: BatchReport };

/**
 * A batch action on the selected domains: its options (group, years), then the names sent BATCH_CHUNK at a time
 * with a progress bar, then the report ('n succeeded, m failed' and why each failed).
 */
export function BatchDialog({
  action,
  domains,
  onClose,
  onFinished,
}: {
  action: DomainBatchAction;
  domains: MyDomain[];
  onClose: () => void;
  /** After the last chunk, with the report (the page keeps the selection when anything failed). */
  onFinished: (report: BatchReport) => void;
}) {
  const { t } = useTranslation('domains');
  const locale = useLocale();
  const queryClient = useQueryClient();
  const groups = useDomainGroups();
  const [phase, setPhase] = useState<Phase>({ step: 'confirm' });
  const [groupId, setGroupId] = useState(NO_GROUP);
  const [years, setYears] = useState<number>(DOMAIN_RULES.renewYearsMin);
  const count = domains.length;
  const progressLabelId = useId();
  const tax = useTaxRate();
  const renewal = tax.bps === undefined ? null : batchRenewalTotal(domains, years, tax.bps);

  const run = async () => {
    const names = domains.map((d) => d.name);
    let report: BatchReport = { succeeded: [], failed: [] };
    let done = 0;
    setPhase({ step: 'running', done });
    const runs = chunk(names, BATCH_CHUNK);
    for (const [index, run] of runs.entries()) {
      try {
        const result = await batchDomains({
          action,
          names: run,
          ...(action === 'group' ? { groupId: groupId === NO_GROUP ? null : groupId } : {}),
          ...(action === 'renew' ? { years } : {}),
        });
        report = addBatchResult(report, result, locale);
      } catch (error) {
        report = addBatchError(report, run, domainErrorText(error, locale));
        // Out of balance (the recharge prompt is open): the remaining renewals would fail the same way.
        if (isApiError(error) && error.code === API_CODES.insufficientBalance) {
          report = addBatchError(report, runs.slice(index + 1).flat(), domainErrorText(error, locale));
          done = count;
          break;
        }
      }
      done += run.length;
      setPhase({ step: 'running', done });
    }
    setPhase({ step: 'report', report });
    onFinished(report);
    void queryClient.invalidateQueries({ queryKey: domainKeys.all });
  };

  const title = t(`batch.title.${action}`, { count });

  if (phase.step === 'report') {
    const { succeeded, failed } = phase.report;
    return (
      <DialogFrame title={title} cancelLabel={t('actions.close')} onClose={onClose} testId="batch-dialog" maxWidth="sm">
        <Alert severity={failed.length === 0 ? 'success' : succeeded.length === 0 ? 'error' : 'warning'} role="status">
          {t('batch.summary', { succeeded: succeeded.length, failed: failed.length })}
          {succeeded.length > 0 && action !== 'group' ? ` ${t('batch.later')}` : ''}
        </Alert>
        {failed.length > 0 ? (
          <List dense aria-label={t('batch.failures')} data-testid="batch-failures" sx={{ mt: 1 }}>
            {failed.map((failure) => (
              <ListItem key={failure.name} divider disableGutters>
                <ListItemText
                  primary={failure.name}
                  secondary={failure.message}
                  slotProps={{ primary: { sx: { fontWeight: 600 } } }}
                />
              </ListItem>
            ))}
          </List>
        ) : null}
      </DialogFrame>
    );
  }

  if (phase.step === 'running') {
    const percent = Math.round((phase.done / Math.max(count, 1)) * 100);
    return (
      <DialogFrame title={title} cancelLabel={t('actions.close')} pending onClose={onClose} testId="batch-dialog">
        <Typography sx={{ typography: 'textMd', mb: 1.5 }} id={progressLabelId}>
          {t('batch.progress', { done: phase.done, count })}
        </Typography>
        <LinearProgress variant="determinate" value={percent} aria-labelledby={progressLabelId} />
      </DialogFrame>
    );
  }

  return (
    <DialogFrame
      title={title}
      submitLabel={
        action === 'renew'
          ? t('renew.pay', { amount: pendingMoney(formatMoney, renewal?.totalCents) })
          : t(`batch.confirm.${action}`)
      }
      cancelLabel={t('actions.cancel')}
      submitDisabled={count === 0 || (action === 'group' && !groups.data)}
      onSubmit={() => void run()}
      onClose={onClose}
      testId="batch-dialog"
    >
      <Typography sx={{ typography: 'textMd' }}>{t(`batch.body.${action}`, { count })}</Typography>
      {action === 'group' ? <GroupSelect groups={groups.data ?? []} value={groupId} onChange={setGroupId} /> : null}
      {action === 'renew' ? (
        <>
          <Box sx={{ mt: 1 }}>
            <YearsSelect value={years} onChange={setYears} />
          </Box>
          <PriceLines
            testId="batch-renew-price"
            lines={[
              { label: t('renew.subtotal'), value: pendingMoney(formatMoney, renewal?.exTaxCents) },
              { label: tax.label, value: pendingMoney(formatMoney, renewal?.taxCents) },
              { label: t('renew.total'), value: pendingMoney(formatMoney, renewal?.totalCents) },
            ]}
          />
          <Typography sx={{ typography: 'textSm', mt: 1.5 }} color="text.secondary">
            {t('renew.fromBalance')}
          </Typography>
        </>
      ) : null}
    </DialogFrame>
  );
}
