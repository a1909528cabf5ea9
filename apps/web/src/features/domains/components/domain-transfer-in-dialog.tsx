import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { TransferInBodySchema } from '@namebourse/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useLocale } from '../../../lib/use-locale.ts';
import { useRequestTransferIn } from '../api/domain-transfer-in.ts';
import { fieldProblems } from '../lib/field-text.ts';
import { DialogFrame } from './dialog-frame.tsx';
import { DomainMutationError } from './domain-error.tsx';

export const TRANSFER_RESULTS_PATH = '/console/domain/transfer-out#results';

function ResultsLink() {
  const { t } = useTranslation('domains');
  return (
    <Link component={RouterLink} to={TRANSFER_RESULTS_PATH}>
      {t('transferIn.results')}
    </Link>
  );
}

/** Brings a domain held elsewhere with its transfer code (POST /domains/transfer-in); the result shows in the results. */
export function DomainTransferInDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('domains');
  const locale = useLocale();
  const request = useRequestTransferIn();
  const [domain, setDomain] = useState('');
  const [authCode, setAuthCode] = useState('');
  const [problems, setProblems] = useState<Record<string, string>>({});

  const submit = () => {
    const parsed = TransferInBodySchema.safeParse({ domain, authCode });
    if (!parsed.success) {
      setProblems(fieldProblems(parsed.error, locale, { max: 253, min: 6 }));
      return;
    }
    request.mutate(parsed.data);
  };

  if (request.isSuccess) {
    return (
      <DialogFrame title={t('transferIn.title')} cancelLabel={t('actions.close')} onClose={onClose}>
        <Alert severity="success" role="status">
          {t('transferIn.accepted', { name: domain.trim().toLowerCase() })}
        </Alert>
        <Typography sx={{ mt: 2, typography: 'textMd' }}>
          <ResultsLink />
        </Typography>
      </DialogFrame>
    );
  }

  return (
    <DialogFrame
      title={t('transferIn.title')}
      submitLabel={t('transferIn.submit')}
      cancelLabel={t('actions.cancel')}
      pending={request.isPending}
      onSubmit={submit}
      onClose={onClose}
      testId="transfer-in-dialog"
    >
      <Typography sx={{ typography: 'textMd' }} color="text.secondary">
        {t('transferIn.body')}
      </Typography>
      <TextField
        label={t('transferIn.domain')}
        value={domain}
        onChange={(event) => {
          setDomain(event.target.value);
          setProblems({});
        }}
        fullWidth
        autoFocus
        required
        sx={{ mt: 2 }}
        error={Boolean(problems.domain)}
        helperText={problems.domain}
        slotProps={{ htmlInput: { autoCapitalize: 'none', spellCheck: false } }}
      />
      <TextField
        label={t('transferIn.authCode')}
        value={authCode}
        onChange={(event) => {
          setAuthCode(event.target.value);
          setProblems({});
        }}
        fullWidth
        required
        sx={{ mt: 2 }}
        error={Boolean(problems.authCode)}
        helperText={problems.authCode}
        slotProps={{ htmlInput: { autoComplete: 'off', spellCheck: false } }}
      />
      <DomainMutationError error={request.error} />
      <Typography sx={{ mt: 2, typography: 'textSm' }}>
        <ResultsLink />
      </Typography>
    </DialogFrame>
  );
}
