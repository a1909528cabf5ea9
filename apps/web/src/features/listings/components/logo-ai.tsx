import AutoAwesomeRounded from '@mui/icons-material/AutoAwesomeRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { Listing } from '@namebourse/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { NoteLine } from '../../../components/note-line.tsx';
import { useGenerateLogo } from '../api/generate-logo.ts';
import { randomSeed } from '../lib/logo-options.ts';

/**
 * The 'AI' style: a generative composition drawn by the server. It spends the listing's AI token, so generating
 * asks first; a token already spent (Listing.AiTokenSpent) is said in the dialog.
 */
export function LogoAi({ listing, onUsed }: { listing: Listing; onUsed: (status: Listing['status']) => void }) {
  const { t } = useTranslation('listing-edit');
  const generate = useGenerateLogo();
  const [asking, setAsking] = useState(false);
  const left = listing.aiTokensLeft;

  const confirm = () =>
    generate.mutate(
      { listingId: listing.listingId, body: { style: 'ai', seed: randomSeed(), preview: false } },
      {
        onSuccess: (result) => {
          setAsking(false);
          onUsed(result.status);
        },
      },
    );

  return (
    <Box sx={{ display: 'grid', gap: 1.5, justifyItems: 'start' }}>
      <Typography sx={{ typography: 'textMd' }}>{t('logo.ai.description')}</Typography>
      <Typography sx={{ fontWeight: 700 }} data-testid="ai-tokens">
        {t('logo.ai.tokensLeft', { count: left })}
      </Typography>
      <Button
        variant="contained"
        startIcon={<AutoAwesomeRounded />}
        disabled={left <= 0}
        onClick={() => {
          generate.reset();
          setAsking(true);
        }}
      >
        {t('logo.ai.generate')}
      </Button>
      {left <= 0 ? <NoteLine maxWidth={560}>{t('logo.ai.spent')}</NoteLine> : null}
      <ConfirmDialog
        open={asking}
        title={t('logo.ai.confirmTitle')}
        confirmLabel={t('logo.ai.confirm')}
        cancelLabel={t('actions.cancel')}
        pending={generate.isPending}
        pendingLabel={t('logo.ai.generating')}
        error={generate.error}
        onConfirm={confirm}
        onClose={() => setAsking(false)}
      >
        <Typography sx={{ typography: 'textMd' }}>{t('logo.ai.confirmBody', { count: left })}</Typography>
      </ConfirmDialog>
    </Box>
  );
}
