import LockOpenOutlined from '@mui/icons-material/LockOpenOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { DomainDetail, LockStatus, TransferCodeResult } from '@namebourse/contract';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ErrorView } from '../../../components/api-feedback/index.ts';
import { useServerNow } from '../../../components/auction/index.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { usePublicParameters } from '../../../lib/public-parameters.ts';
import { useRequestTransferCode } from '../api/transfer-actions.ts';
import { useTransferDomain } from '../api/transfer-domain.ts';
import {
  activeOperation,
  type CodeBlock,
  canActOnTransfer,
  codeBlock,
  isCodeExpired,
  isTransferOutAllowed,
} from '../lib/transfer-state.ts';
import { TransferCancel } from './transfer-cancel.tsx';
import { TransferCodePanel } from './transfer-code-panel.tsx';
import { TransferError } from './transfer-error.tsx';
import { TransferFastForm } from './transfer-fast-form.tsx';
import { TransferDomainStatusChip } from './transfer-status-chip.tsx';

export const MY_DOMAINS_PATH = '/console/domain/list';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography component="dt" sx={{ typography: 'textSm', color: 'text.secondary' }}>
        {label}
      </Typography>
      <Box
        component="dd"
        sx={{ m: 0, mt: 0.25, typography: 'textMd', fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' }}
      >
        {children}
      </Box>
    </Box>
  );
}

function LockState({ lock }: { lock: LockStatus }) {
  const { t } = useTranslation('transfers');
  const Icon = lock === 'open' || lock === 'closing' ? LockOpenOutlined : LockOutlined;
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }} data-testid="transfer-lock">
      <Icon sx={{ fontSize: 16, color: lock === 'open' ? 'success.main' : 'text.secondary' }} aria-hidden />
      {t(`lockState.${lock}`)}
    </Box>
  );
}

function SubSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-labelledby={id} sx={{ pt: 2.5 }}>
      <Typography id={id} component="h3" sx={{ typography: 'textXl', fontWeight: 700, mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function BlockText({ block, domain }: { block: CodeBlock; domain: DomainDetail }) {
  const { t, i18n } = useTranslation('transfers');
  // The transfer-out wait is a parameter: the server's number of days now.
  const waitDays = usePublicParameters().data?.transferOutWaitDays;
  const text =
    block === 'wait_period'
      ? waitDays === undefined
        ? t('block.wait_periodUntil', { date: formatDate(domain.transferOutAllowedFrom, i18n.language) })
        : t('block.wait_period', { date: formatDate(domain.transferOutAllowedFrom, i18n.language), days: waitDays })
      : block === 'state'
        ? t('block.state', { status: t(`domainStatus.${domain.status}`) })
        : t(`block.${block}`);
  return (
    <Alert severity={block === 'locked' || block === 'listed' ? 'warning' : 'info'} sx={{ mb: 2 }}>
      <span id="transfer-code-blocked" data-testid="transfer-code-blocked">
        {text}
      </span>
      {block === 'locked' ? (
        <>
          {' '}
          <Link component={RouterLink} to={`${MY_DOMAINS_PATH}?q=${encodeURIComponent(domain.name)}`}>
            {t('block.lockedLink')}
          </Link>
        </>
      ) : null}
    </Alert>
  );
}

/** Getting (or getting again) the transfer code: MFA, then the code shown once. */
function CodeSection({ domain, now }: { domain: DomainDetail; now: number }) {
  const { t, i18n } = useTranslation('transfers');
  // The transfer code's lifetime is a parameter: the server's number of days now.
  const lifetimeDays = usePublicParameters().data?.authCodeLifetimeDays;
  const request = useRequestTransferCode();
  const [shown, setShown] = useState<TransferCodeResult | null>(null);
  const [confirming, setConfirming] = useState(false);
  const block = codeBlock(domain, now);
  const again = domain.status === 'transferring_out';

  const run = async () => {
    if (request.isPending) return;
    setShown(null);
    try {
      const result = await request.mutateAsync(domain.name);
      setShown(result);
      setConfirming(false);
    } catch {
      setConfirming(false);
    }
  };

  return (
    <SubSection id="transfer-code-title" title={t('code.title')}>
      <Typography color="text.secondary" sx={{ typography: 'textMd', lineHeight: 1.6, mb: 2 }}>
        {lifetimeDays === undefined ? <Skeleton /> : t('code.description', { days: lifetimeDays })}
      </Typography>
      {block ? <BlockText block={block} domain={domain} /> : null}
      {again && domain.authCodeExpiresAt && !shown ? (
        <Typography sx={{ typography: 'textMd', mb: 2 }} data-testid="transfer-code-current">
          {t('code.current', { date: formatDateTime(domain.authCodeExpiresAt, i18n.language) })}
        </Typography>
      ) : null}
      <Button
        variant={again ? 'outlined' : 'contained'}
        disabled={block !== null || request.isPending}
        aria-describedby={block ? 'transfer-code-blocked' : undefined}
        onClick={() => {
          request.reset();
          if (again) setConfirming(true);
          else void run();
        }}
        startIcon={request.isPending ? <LoadingSpinner decorative size={16} color="inherit" /> : undefined}
      >
        {request.isPending ? t('code.requesting') : again ? t('code.reRequest') : t('code.request')}
      </Button>
      <ConfirmDialog
        open={confirming}
        title={t('code.reTitle')}
        confirmLabel={t('code.reConfirm')}
        pendingLabel={t('code.requesting')}
        cancelLabel={t('code.cancel')}
        pending={request.isPending}
        onConfirm={() => void run()}
        onClose={() => setConfirming(false)}
        confirmTestId="transfer-code-reconfirm"
      >
        <Typography sx={{ typography: 'textMd', lineHeight: 1.6 }}>
          {t('code.reBody', { domain: domain.name })}
        </Typography>
      </ConfirmDialog>
      <TransferError error={request.error} testId="transfer-code-error" />
      {shown ? (
        <>
          <TransferCodePanel domain={domain.name} result={shown} onHide={() => setShown(null)} />
          {domain.status === 'transferring_out' ? (
            <Typography role="status" sx={{ mt: 1.5, typography: 'textMd', color: 'text.secondary' }}>
              {t('code.nowTransferring')}
            </Typography>
          ) : null}
        </>
      ) : null}
    </SubSection>
  );
}

function fastDisabledReason(domain: DomainDetail, now: number, t: (key: string) => string): string | null {
  if (domain.status !== 'transferring_out') return t('fast.onlyTransferring');
  const active = activeOperation(domain);
  if (active === 'fast_transfer') return t('fast.pending');
  if (active === 'cancel_transfer') return t('cancel.pending');
  if (active) return t('block.in_progress');
  if (isCodeExpired(domain, now)) return t('fast.codeExpired');
  return null;
}

function DomainBody({ domain }: { domain: DomainDetail }) {
  const { t, i18n } = useTranslation('transfers');
  const now = useServerNow(true, 30_000);
  const allowed = isTransferOutAllowed(domain, now);
  const transferring = domain.status === 'transferring_out';
  const active = activeOperation(domain);

  return (
    <>
      <Box
        component="dl"
        sx={{
          m: 0,
          display: 'grid',
          gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(3, minmax(0, 1fr))', lg: 'repeat(6, minmax(0, 1fr))' },
          gap: 2,
        }}
      >
        <Fact label={t('domain.status')}>
          <TransferDomainStatusChip status={domain.status} />
        </Fact>
        <Fact label={t('domain.lock')}>
          <LockState lock={domain.lockStatus} />
        </Fact>
        <Fact label={t('domain.registrar')}>{domain.registrar}</Fact>
        <Fact label={t('domain.expiresAt')}>
          {domain.expiresAt ? formatDate(domain.expiresAt, i18n.language) : '--'}
        </Fact>
        <Fact label={t('domain.allowedFrom')}>
          <span data-testid="transfer-allowed-from">
            {allowed ? t('domain.allowedNow') : formatDate(domain.transferOutAllowedFrom, i18n.language)}
          </span>
        </Fact>
        {transferring && domain.authCodeExpiresAt ? (
          <Fact label={t('domain.codeExpiresAt')}>{formatDateTime(domain.authCodeExpiresAt, i18n.language)}</Fact>
        ) : null}
      </Box>
      {active ? (
        <Alert severity="info" icon={<LoadingSpinner decorative size={18} />} sx={{ mt: 2 }} role="status">
          {active === 'cancel_transfer'
            ? t('cancel.pending')
            : active === 'fast_transfer'
              ? t('fast.pending')
              : t('domain.refreshing')}
        </Alert>
      ) : transferring ? (
        <Alert severity="info" sx={{ mt: 2 }} role="status">
          {t('domain.transferring')}
        </Alert>
      ) : null}
      <Divider sx={{ mt: 2.5 }} />
      <CodeSection domain={domain} now={now} />
      <Divider sx={{ mt: 2.5 }} />
      <SubSection id="transfer-fast-title" title={t('fast.title')}>
        <Typography color="text.secondary" sx={{ typography: 'textMd', lineHeight: 1.6, mb: 1.5 }}>
          {t('fast.description')}
        </Typography>
        <TransferFastForm domain={domain.name} disabledReason={fastDisabledReason(domain, now, t)} />
      </SubSection>
      {transferring ? (
        <>
          <Divider sx={{ mt: 2.5 }} />
          <SubSection id="transfer-cancel-title" title={t('cancel.title')}>
            <TransferCancel domain={domain.name} disabled={!canActOnTransfer(domain)} />
          </SubSection>
        </>
      ) : null}
    </>
  );
}

/** The chosen domain: its state, the transfer code, fast transfer and cancellation. */
export function TransferDomainPanel({ name }: { name: string }) {
  const { t } = useTranslation('transfers');
  const query = useTransferDomain(name);
  return (
    <SectionCard id="transfer-domain" title={t('domain.title', { domain: name })} testId="transfer-domain">
      {query.isPending ? (
        <Box role="status" aria-label={t('loading')} sx={{ display: 'grid', gap: 1.5 }}>
          <Skeleton variant="rounded" height={56} />
          <Skeleton variant="rounded" height={120} />
        </Box>
      ) : query.isError ? (
        <ErrorView error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <DomainBody domain={query.data} />
      )}
    </SectionCard>
  );
}
