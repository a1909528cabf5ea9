import VerifiedRounded from '@mui/icons-material/VerifiedRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { GENESIS_HASH } from '@namebourse/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MONO_FONT_FAMILY } from '../../../app/theme.ts';
import { ErrorView } from '../../../components/api-feedback/index.ts';
import { formatMoney } from '../../../lib/format.ts';
import { useAllBids } from '../api/get-bids.ts';
import { type ChainResult, shortHash, verifyChain } from '../lib/chain.ts';
import { useBidderName } from './bid-records.tsx';

/** After close: every record with prevHash → hash, and a check that recomputes the chain in this browser. */
export function ChainPanel({ auctionId, chainHead }: { auctionId: string; chainHead: string | null }) {
  const { t } = useTranslation('auctions');
  const all = useAllBids(auctionId, true);
  const name = useBidderName();
  const [result, setResult] = useState<ChainResult | null>(null);
  const [running, setRunning] = useState(false);
  const records = [...(all.data?.items ?? [])].sort((a, b) => a.seq - b.seq);
  const head = chainHead ?? all.data?.chainHead ?? null;

  const run = async () => {
    setRunning(true);
    try {
      setResult(await verifyChain(auctionId, records, head));
    } finally {
      setRunning(false);
    }
  };

  const brokenSeq = result?.status === 'broken' ? result.seq : null;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, md: 2 }, display: 'grid', gap: 1.5 }} data-testid="chain-panel">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Box sx={{ flex: 1, minWidth: 200 }}>
          <Typography component="h2" sx={{ fontWeight: 800, typography: 'text2xl' }}>
            {t('chain.title')}
          </Typography>
          <Typography sx={{ typography: 'textSm', color: 'text.secondary', lineHeight: 1.6 }}>
            {t('chain.intro')}
          </Typography>
        </Box>
        <Button
          variant="outlined"
          startIcon={<VerifiedRounded />}
          onClick={() => void run()}
          disabled={running || all.isPending || all.isError}
          data-testid="chain-verify"
        >
          {t('chain.verify')}
        </Button>
      </Box>
      {result ? (
        <Alert
          severity={result.status === 'ok' ? 'success' : 'error'}
          data-testid="chain-status"
          data-status={result.status}
        >
          {result.status === 'ok'
            ? t('chain.ok', { total: result.count })
            : t(`chain.broken.${result.reason}`, { seq: result.seq })}
        </Alert>
      ) : null}
      {all.isError ? <ErrorView error={all.error} onRetry={() => void all.refetch()} /> : null}
      <Box component="ol" sx={{ m: 0, p: 0, display: 'grid', gap: 0.75, maxHeight: 420, overflowY: 'auto' }}>
        {records.map((record) => (
          <Box
            component="li"
            key={record.bidId}
            data-testid="chain-record"
            data-seq={record.seq}
            sx={{
              listStyle: 'none',
              p: 1,
              borderRadius: 1,
              border: 1,
              borderColor: brokenSeq === record.seq ? 'error.main' : 'divider',
              display: 'grid',
              gap: 0.25,
            }}
          >
            <Typography sx={{ typography: 'textSm', fontWeight: 600 }}>
              {`#${record.seq} · ${name(record)} · ${formatMoney(record.amountCents)} · ${t(`records.kinds.${record.kind}`)}`}
            </Typography>
            <Typography
              sx={{
                fontFamily: MONO_FONT_FAMILY,
                typography: 'textXs',
                color: 'text.secondary',
                overflowWrap: 'anywhere',
              }}
            >
              <span title={record.prevHash}>
                {record.prevHash === GENESIS_HASH ? 'GENESIS' : shortHash(record.prevHash)}
              </span>
              {' → '}
              <span title={record.hash}>{shortHash(record.hash)}</span>
            </Typography>
          </Box>
        ))}
      </Box>
      {head ? (
        <Typography
          sx={{ fontFamily: MONO_FONT_FAMILY, typography: 'textXs', color: 'text.secondary', overflowWrap: 'anywhere' }}
        >
          {t('chain.head')}: {head}
        </Typography>
      ) : null}
    </Paper>
  );
}
