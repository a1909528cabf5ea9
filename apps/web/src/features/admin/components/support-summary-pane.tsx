import OpenInNewRounded from '@mui/icons-material/OpenInNewRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ErrorView } from '../../../components/api-feedback/error-view.tsx';
import { formatDate } from '../../../lib/format.ts';
import { useDisplayTimeZone } from '../../../lib/render-env.ts';
import { useSupportSummary } from '../api/support-summary.ts';
import { ADMIN_PATHS } from '../lib/nav.ts';
import { DetailList, ListSkeleton } from './layout-parts.tsx';
import { Money } from './money.tsx';

/** The customer beside the chat: account, balances, recent orders, earlier conversations (a visitor: e-mail only). */
export function SupportSummaryPane({ conversationId }: { conversationId: string | null }) {
  const { t, i18n } = useTranslation('admin-support');
  const timeZone = useDisplayTimeZone();
  const summary = useSupportSummary(conversationId);

  if (!conversationId) {
    return (
      <Typography color="text.secondary" variant="body2" sx={{ p: 2 }}>
        {t('summary.none')}
      </Typography>
    );
  }
  if (summary.isPending) return <ListSkeleton rows={3} height={48} />;
  if (summary.isError) {
    return <ErrorView error={summary.error} title={t('summary.failed')} onRetry={() => void summary.refetch()} />;
  }
  const { account, displayName, email } = summary.data;
  return (
    <Box sx={{ display: 'grid', gap: 2 }} data-testid="support-summary">
      <Box>
        <Typography sx={{ fontWeight: 700, typography: 'textLg', overflowWrap: 'anywhere' }}>{displayName}</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {email ?? account?.email ?? '--'}
        </Typography>
        <Chip
          size="small"
          sx={{ mt: 1 }}
          label={account ? t('summary.member') : t('summary.visitor')}
          color={account ? 'primary' : 'default'}
          variant="outlined"
        />
      </Box>
      {account ? (
        <>
          <DetailList
            columns={1}
            items={[
              { label: t('summary.accountNo'), value: account.accountNo, mono: true },
              { label: t('summary.nickname'), value: account.nickname ?? '--' },
              { label: t('summary.registeredAt'), value: formatDate(account.registeredAt, i18n.language, timeZone) },
              { label: t('summary.available'), value: <Money cents={account.balances.availableCents} /> },
              { label: t('summary.frozen'), value: <Money cents={account.balances.frozenCents} /> },
              { label: t('summary.earnings'), value: <Money cents={account.balances.earningsCents} /> },
              { label: t('summary.recentOrders'), value: account.recentOrdersCount },
              { label: t('summary.previousConversations'), value: account.previousConversations },
            ]}
          />
          <Button
            component={RouterLink}
            to={`${ADMIN_PATHS.users}/${encodeURIComponent(account.accountNo)}`}
            target="_blank"
            size="small"
            variant="outlined"
            endIcon={<OpenInNewRounded fontSize="small" />}
          >
            {t('summary.openUser')}
          </Button>
        </>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {t('summary.visitorBody')}
        </Typography>
      )}
    </Box>
  );
}
