import AddRounded from '@mui/icons-material/AddRounded';
import KeyOutlined from '@mui/icons-material/KeyOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorView } from '../../../components/api-feedback/index.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useAkEligibility } from '../api/check-can-create-ak.ts';
import { type CreatedAccessKey, useCreateAccessKey } from '../api/create-ak.ts';
import { useAccessKeys } from '../api/get-ak.ts';
import { AkCreatedDialog } from '../components/ak-created-dialog.tsx';
import { AkList } from '../components/ak-list.tsx';
import { AkLocked } from '../components/ak-locked.tsx';
import { isAccessLocked } from '../lib/eligibility.ts';

function Loading() {
  const { t } = useTranslation('security');
  return (
    <Box role="status" aria-label={t('loading')} sx={{ display: 'grid', gap: 1.5 }}>
      <Skeleton variant="rounded" height={120} />
      <Skeleton variant="rounded" height={120} />
    </Box>
  );
}

function EmptyKeys({ onCreate, pending }: { onCreate: () => void; pending: boolean }) {
  const { t } = useTranslation('security');
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, md: 5 }, textAlign: 'center' }} data-testid="ak-empty">
      <KeyOutlined sx={{ fontSize: 44, color: 'text.disabled' }} />
      <Typography component="h2" variant="h6" sx={{ mt: 1 }}>
        {t('ak.empty.title')}
      </Typography>
      <Typography
        color="text.secondary"
        sx={{ mt: 0.5, typography: 'textMd', maxWidth: 460, mx: 'auto', lineHeight: 1.7 }}
      >
        {t('ak.empty.body')}
      </Typography>
      <Button variant="contained" startIcon={<AddRounded />} sx={{ mt: 2.5 }} onClick={onCreate} disabled={pending}>
        {t('ak.create')}
      </Button>
    </Paper>
  );
}

/** /console/user/api-keys: locked (why, contact us) or the keys with create, status, allow-list and delete. */
export function ApiKeysPage() {
  const { t } = useTranslation('security');
  usePageTitle(t('ak.title'));
  const eligibility = useAkEligibility();
  const canCreate = eligibility.data?.canCreate === true;
  const locked = eligibility.data ? isAccessLocked(eligibility.data) : false;
  const keys = useAccessKeys(eligibility.isSuccess);
  const create = useCreateAccessKey();
  const [created, setCreated] = useState<CreatedAccessKey | null>(null);

  const onCreate = async () => {
    try {
      setCreated(await create.mutateAsync());
    } catch {
      // The pipeline shows the error (or the user closed the MFA dialog).
    }
  };

  const hasKeys = (keys.data?.length ?? 0) > 0;

  let body: React.ReactNode;
  if (eligibility.isPending) body = <Loading />;
  else if (eligibility.isError)
    body = <ErrorView error={eligibility.error} onRetry={() => void eligibility.refetch()} />;
  else if (keys.isPending) body = <Loading />;
  else if (keys.isError) body = <ErrorView error={keys.error} onRetry={() => void keys.refetch()} />;
  else {
    body = (
      <Box sx={{ display: 'grid', gap: 2.5 }}>
        {locked ? <AkLocked eligibility={eligibility.data} /> : null}
        {!locked && !canCreate ? (
          <Alert severity="info" data-testid="ak-limit">
            {t('ak.limitReached', { max: eligibility.data.maxKeys })}
          </Alert>
        ) : null}
        {hasKeys ? (
          <Box>
            <Typography component="h2" variant="h6" sx={{ typography: 'text2xl', mb: 1.5 }}>
              {t('ak.listTitle')}
            </Typography>
            <AkList keys={keys.data} />
          </Box>
        ) : canCreate ? (
          <EmptyKeys onCreate={() => void onCreate()} pending={create.isPending} />
        ) : null}
      </Box>
    );
  }

  return (
    <Box data-testid="api-keys-page">
      <PageHeader
        title={t('ak.title')}
        subtitle={t('ak.subtitle')}
        action={
          !locked && hasKeys ? (
            <Button
              variant="contained"
              startIcon={<AddRounded />}
              onClick={() => void onCreate()}
              disabled={!canCreate || create.isPending}
            >
              {t('ak.create')}
            </Button>
          ) : null
        }
      />
      {body}
      <AkCreatedDialog created={created} onClose={() => setCreated(null)} />
    </Box>
  );
}
