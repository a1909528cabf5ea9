import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { type MyRestriction, MyRestrictionSchema, type RestrictionNotice } from '@namebourse/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { api, isApiError } from '../lib/api-client.ts';
import { formatDateTime } from '../lib/format.ts';
import { RESTRICTED_CODE } from '../lib/restriction-message.ts';
import { SupportChatButton } from './support-chat-button.tsx';

export const MY_RESTRICTION_PATH = '/account-manage/get-restrictions';
export const myRestrictionKey = ['account', 'restriction'] as const;

/** GET /api/account-manage/get-restrictions: the signed-in user's restriction in force (null when none). */
export async function getMyRestriction(signal?: AbortSignal): Promise<MyRestriction> {
  return MyRestrictionSchema.parse(
    await api.get<unknown>(MY_RESTRICTION_PATH, undefined, { errorMode: 'silent', signal }),
  );
}

export function useMyRestriction() {
  const queryClient = useQueryClient();
  // An action refused as restricted (a bid, a purchase …) asks again at once: the banner then says why.
  useEffect(
    () =>
      queryClient.getMutationCache().subscribe((event) => {
        const error = event.mutation?.state.error;
        if (event.type === 'updated' && isApiError(error) && error.code === RESTRICTED_CODE) {
          void queryClient.invalidateQueries({ queryKey: myRestrictionKey });
        }
      }),
    [queryClient],
  );
  return useQuery({
    queryKey: myRestrictionKey,
    queryFn: ({ signal }) => getMyRestriction(signal),
    staleTime: 60_000,
  });
}

function Banner({ restriction }: { restriction: RestrictionNotice }) {
  const { t, i18n } = useTranslation('restrictions');
  const scopes = restriction.scopes.map((scope) => t(`scope.${scope}`)).join(t('separator'));
  return (
    <Alert
      severity="warning"
      variant="outlined"
      role="alert"
      data-testid="restriction-banner"
      sx={{ mb: 2, bgcolor: 'background.paper', '& .MuiAlert-message': { minWidth: 0, flex: 1 } }}
    >
      <AlertTitle sx={{ fontWeight: 700 }}>{t('banner.title')}</AlertTitle>
      <Typography sx={{ typography: 'textMd' }}>{t('banner.scopes', { scopes })}</Typography>
      <Typography sx={{ typography: 'textMd', overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
        {t('banner.reason', { reason: restriction.reason })}
      </Typography>
      <Typography sx={{ typography: 'textMd' }}>
        {restriction.until
          ? t('banner.until', { time: formatDateTime(restriction.until, i18n.language) })
          : t('banner.untilLifted')}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mt: 1.25 }}>
        <Typography color="text.secondary" sx={{ typography: 'textSm', mr: 0.5 }}>
          {t('banner.help')}
        </Typography>
        <SupportChatButton size="small" />
        <Button component={RouterLink} to="/contact-us" size="small" variant="outlined">
          {t('banner.contact')}
        </Button>
      </Box>
    </Alert>
  );
}

function CurrentRestriction() {
  const mine = useMyRestriction();
  const restriction = mine.data?.restriction;
  return restriction ? <Banner restriction={restriction} /> : null;
}

/**
 * The console's restriction banner: when an operator has restricted the signed-in account, says so
 * ('Your account is restricted with limited functionality'), what is unavailable, why, until when, and how
 * to reach customer service. Nothing otherwise (and nothing while its texts or the answer load).
 */
export function RestrictionBanner() {
  return (
    <Suspense fallback={null}>
      <CurrentRestriction />
    </Suspense>
  );
}
