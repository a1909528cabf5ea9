import ContentCopyRounded from '@mui/icons-material/ContentCopyRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { Ownership } from '@namebourse/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { copyText, ErrorView } from '../../../components/api-feedback/index.ts';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { MutationError } from '../../../components/mutation-error.tsx';
import { showToast } from '../../../lib/feedback-store.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { checkOwnership } from '../api/check-ownership.ts';
import { sellerListingKeys } from '../api/get-listings.ts';
import { useOwnership } from '../api/get-ownership.ts';

function selectText(element: HTMLElement | null): void {
  if (!element || typeof window === 'undefined') return;
  const selection = window.getSelection();
  if (!selection) return;
  const range = document.createRange();
  range.selectNodeContents(element);
  selection.removeAllRanges();
  selection.addRange(range);
}

/** One line of the TXT record (name or value) in monospace with a copy button; a refused copy selects the text. */
function CopyLine({ label, value, copyLabel }: { label: string; value: string; copyLabel: string }) {
  const { t } = useTranslation('listings');
  const ref = useRef<HTMLElement>(null);
  const [failed, setFailed] = useState(false);
  const copy = async () => {
    if (await copyText(value)) {
      setFailed(false);
      showToast(t('ownership.copied'), 'success');
      return;
    }
    setFailed(true);
    selectText(ref.current);
    showToast(t('ownership.copyFailed'), 'warning');
  };
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
        <Box
          component="code"
          ref={ref}
          sx={{
            flex: 1,
            minWidth: 0,
            fontFamily: 'monospace',
            typography: 'textMd',
            bgcolor: 'grey.100',
            borderRadius: 1,
            px: 1,
            py: 0.5,
            overflowWrap: 'anywhere',
          }}
        >
          {value}
        </Box>
        <IconButton size="small" aria-label={copyLabel} onClick={() => void copy()}>
          <ContentCopyRounded fontSize="small" />
        </IconButton>
      </Box>
      {failed ? (
        <Typography role="alert" sx={{ typography: 'textSm', color: 'warning.dark', mt: 0.5 }}>
          {t('ownership.copyFailed')}
        </Typography>
      ) : null}
    </Box>
  );
}

/**
 * Proving ownership of a domain held elsewhere: the TXT record to publish (name and value, each with a copy
 * button), 'Check now' with the result and its reason, and once verified the way on (`onVerified`: submit again).
 */
export function OwnershipProof({ domain, onVerified }: { domain: string; onVerified: () => void }) {
  const { t } = useTranslation('listings');
  const queryClient = useQueryClient();
  const query = useOwnership(domain);
  const [checking, setChecking] = useState(false);
  const [checkError, setCheckError] = useState<unknown>(null);
  const [checked, setChecked] = useState<Ownership | null>(null);
  const ownership = checked ?? query.data;

  const check = async () => {
    setChecking(true);
    setCheckError(null);
    try {
      const result = await checkOwnership(domain);
      setChecked(result);
      queryClient.setQueryData(sellerListingKeys.ownership(domain), result);
    } catch (error) {
      setCheckError(error);
    } finally {
      setChecking(false);
    }
  };

  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 2, md: 3 }, mt: 2 }}
      data-testid="ownership-proof"
      component="section"
      aria-labelledby="ownership-title"
    >
      <Typography id="ownership-title" component="h2" variant="h6">
        {t('ownership.title', { domain })}
      </Typography>
      <Typography color="text.secondary" sx={{ typography: 'textMd', mt: 0.5, lineHeight: 1.7 }}>
        {t('ownership.body')}
      </Typography>
      {query.isPending && !checked ? (
        <Box role="status" aria-label={t('ownership.loading')} sx={{ mt: 2 }}>
          <Skeleton variant="rounded" height={96} />
        </Box>
      ) : query.isError && !checked ? (
        <Box sx={{ mt: 2 }}>
          <ErrorView error={query.error} onRetry={() => void query.refetch()} />
        </Box>
      ) : ownership ? (
        <Box sx={{ display: 'grid', gap: 1.5, mt: 2 }}>
          <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
            <Typography sx={{ typography: 'textMd' }}>
              {t('ownership.type')}: <b>TXT</b>
            </Typography>
          </Box>
          <CopyLine
            label={t('ownership.recordName')}
            value={ownership.recordName}
            copyLabel={t('ownership.copyName')}
          />
          <CopyLine
            label={t('ownership.recordValue')}
            value={ownership.recordValue}
            copyLabel={t('ownership.copyValue')}
          />
          {ownership.status === 'verified' ? (
            <Alert severity="success" role="status" data-testid="ownership-result">
              {t('ownership.verified', {
                at: ownership.verifiedAt ? formatDateTime(ownership.verifiedAt) : '',
              })}
            </Alert>
          ) : ownership.status === 'failed' ? (
            <Alert severity="error" role="status" data-testid="ownership-result">
              {t('ownership.failed')}
              {(ownership.reasonText ?? ownership.reason) ? `: ${ownership.reasonText ?? ownership.reason}` : ''}
            </Alert>
          ) : (
            <Alert severity="info" role="status" data-testid="ownership-result">
              {t('ownership.pending')}
            </Alert>
          )}
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button
              variant={ownership.status === 'verified' ? 'outlined' : 'contained'}
              onClick={() => void check()}
              disabled={checking}
            >
              {checking ? <LoadingSpinner decorative size={16} color="inherit" sx={{ mr: 1 }} /> : null}
              {checking ? t('ownership.checking') : t('ownership.check')}
            </Button>
            {ownership.status === 'verified' ? (
              <Button variant="contained" onClick={onVerified}>
                {t('ownership.submitAgain')}
              </Button>
            ) : null}
          </Box>
          <MutationError error={checkError} />
        </Box>
      ) : null}
    </Paper>
  );
}
