import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type DomainOperation, domainReasonText, type MyDomain } from '@namebourse/contract';
import { useTranslation } from 'react-i18next';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { StatusChip, type StatusTone } from '../../../components/status-chip.tsx';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { useDisplayTimeZone } from '../../../lib/render-env.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { useDomainDetail } from '../api/get-domain.ts';
import { registryStatusKey } from '../lib/registry.ts';
import { DialogFrame } from './dialog-frame.tsx';

/** A date's text, or '--' when there is none. */
const when = (value: string | null, format: (v: string) => string) => (value ? format(value) : '--');

const OPERATION_TONE: Record<DomainOperation['status'], StatusTone> = {
  pending: 'info',
  succeeded: 'success',
  failed: 'error',
};

/**
 * One domain's details: its registry status as the registry answers it now (RDAP: status values,
 * expiry, last change) and its recent registrar operations with their results and reasons.
 */
export function DomainDetailsDialog({ domain, onClose }: { domain: MyDomain; onClose: () => void }) {
  const { t } = useTranslation('domains');
  const locale = useLocale();
  const timeZone = useDisplayTimeZone();
  const { data, isPending, error } = useDomainDetail(domain.name);

  return (
    <DialogFrame
      title={t('details.title', { name: domain.name })}
      cancelLabel={t('actions.close')}
      onClose={onClose}
      testId="domain-details-dialog"
      maxWidth="sm"
    >
      {isPending ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
          <LoadingSpinner label={t('details.loading')} />
        </Box>
      ) : error || !data ? (
        <Typography color="error">{error?.message ?? t('details.error')}</Typography>
      ) : (
        <Stack spacing={3}>
          <section aria-labelledby="registry-heading">
            <Typography id="registry-heading" component="h3" variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
              {t('details.registry')}
            </Typography>
            {data.registry.error ? (
              <Typography color="text.secondary">
                {data.registry.error === 'not_found'
                  ? t('details.registryNotFound')
                  : t('details.registryUnavailable', { reason: data.registry.error })}
              </Typography>
            ) : (
              <Stack spacing={1}>
                <Box component="ul" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, p: 0, m: 0, listStyle: 'none' }}>
                  {data.registry.statuses.map((status) => {
                    const key = registryStatusKey(status);
                    return (
                      <li key={status}>
                        <StatusChip
                          label={key ? t(`registryStatus.${key}`) : status}
                          tone="default"
                          status={status}
                          testId="registry-status"
                        />
                      </li>
                    );
                  })}
                </Box>
                <Typography variant="body2">
                  {t('details.registryExpires', {
                    date: when(data.registry.expiresAt, (v) => formatDate(v, locale, timeZone)),
                  })}
                  {' · '}
                  {t('details.registryChanged', {
                    date: when(data.registry.lastChangedAt, (v) => formatDate(v, locale, timeZone)),
                  })}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {t('details.checkedAt', {
                    time: when(data.registry.checkedAt, (v) => formatDateTime(v, locale, timeZone)),
                  })}
                </Typography>
              </Stack>
            )}
          </section>
          <section aria-labelledby="operations-heading">
            <Typography id="operations-heading" component="h3" variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
              {t('details.operations')}
            </Typography>
            {data.operations.length === 0 ? (
              <Typography color="text.secondary">{t('details.noOperations')}</Typography>
            ) : (
              <Stack component="ul" spacing={1.5} sx={{ p: 0, m: 0, listStyle: 'none' }}>
                {data.operations.map((op) => (
                  <Box component="li" key={op.operationId} data-testid="domain-operation">
                    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                      <Typography sx={{ fontWeight: 600 }}>{t(`operation.${op.kind}`)}</Typography>
                      <StatusChip
                        label={t(`operationStatus.${op.status}`)}
                        tone={OPERATION_TONE[op.status]}
                        status={op.status}
                      />
                    </Stack>
                    <Typography variant="body2" color="text.secondary">
                      {t('details.requested', { time: formatDateTime(op.requestedAt, locale, timeZone) })}
                      {op.finishedAt
                        ? ` · ${t('details.finished', { time: formatDateTime(op.finishedAt, locale, timeZone) })}`
                        : ''}
                    </Typography>
                    {op.reason ? (
                      <Typography variant="body2" color="error.dark">
                        {domainReasonText(op.reason, locale)}
                      </Typography>
                    ) : null}
                  </Box>
                ))}
              </Stack>
            )}
          </section>
        </Stack>
      )}
    </DialogFrame>
  );
}
