import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import CreditCardRounded from '@mui/icons-material/CreditCardRounded';
import HourglassDisabledRounded from '@mui/icons-material/HourglassDisabledRounded';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import LockRounded from '@mui/icons-material/LockRounded';
import QrCode2Rounded from '@mui/icons-material/QrCode2Rounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import { ThemeProvider } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { FUNDS_LIMITS, type SandboxComplete, type SandboxSession } from '@namebourse/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { PAYMENT_MARKS } from '../../../app/theme.ts';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { fieldErrorsOf, isApiError } from '../../../lib/api-client.ts';
import { formatDateTime, formatMoney } from '../../../lib/format.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useCompleteSandboxSession } from '../api/complete-sandbox-session.ts';
import { useSandboxSession } from '../api/get-sandbox-session.ts';
import { fundsKeys } from '../api/keys.ts';
import { SandboxCardForm } from '../components/sandbox-card-form.tsx';
import { SANDBOX_BADGE, sandboxTheme } from '../components/sandbox-theme.ts';
import { FUND_PATH, isSameSiteUrl } from '../lib/urls.ts';

/** Error codes meaning the session can no longer be paid. */
const CLOSED_CODES = new Set(['Funds.PaymentSessionNotFound', 'Funds.PaymentSessionClosed']);

function Brand() {
  const { t } = useTranslation('funds');
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25 }} data-testid="sandbox-brand">
      <Box
        aria-hidden="true"
        sx={{
          width: 32,
          height: 32,
          borderRadius: 1.5,
          bgcolor: 'text.primary',
          color: 'common.white',
          display: 'grid',
          placeItems: 'center',
          fontWeight: 900,
          typography: 'textLg',
          letterSpacing: '-0.04em',
        }}
      >
        NB
      </Box>
      <Typography sx={{ fontWeight: 800, typography: 'text2xl', color: 'text.primary', letterSpacing: '-0.01em' }}>
        {t('sandbox.brand')}
        <Box component="span" sx={{ color: 'text.secondary', fontWeight: 600 }}>
          {' · '}
          {t('sandbox.environment')}
        </Box>
      </Typography>
    </Box>
  );
}

function Frame({ children }: { children: ReactNode }) {
  const { t } = useTranslation('funds');
  return (
    <ThemeProvider theme={sandboxTheme}>
      <Box
        sx={{ minHeight: '100dvh', bgcolor: 'background.default', display: 'flex', flexDirection: 'column' }}
        data-testid="sandbox-page"
      >
        <Box
          role="note"
          sx={{
            bgcolor: SANDBOX_BADGE,
            color: 'text.primary',
            textAlign: 'center',
            typography: 'textSm',
            fontWeight: 700,
            py: 0.5,
            px: 2,
            letterSpacing: '0.02em',
          }}
        >
          {t('sandbox.testMode')}
        </Box>
        <Box sx={{ flex: 1, width: '100%', maxWidth: 480, mx: 'auto', px: { xs: 2, sm: 3 }, py: { xs: 3, sm: 5 } }}>
          <Box sx={{ mb: 3 }}>
            <Brand />
          </Box>
          {children}
        </Box>
        <Box
          component="footer"
          sx={{
            textAlign: 'center',
            color: 'text.secondary',
            typography: 'textSm',
            py: 3,
            px: 2,
            display: 'flex',
            justifyContent: 'center',
            gap: 0.75,
            alignItems: 'center',
          }}
        >
          <LockRounded sx={{ fontSize: 14 }} aria-hidden="true" />
          {t('sandbox.footer')}
        </Box>
      </Box>
    </ThemeProvider>
  );
}

function OrderSummary({ session }: { session: SandboxSession }) {
  const { t } = useTranslation('funds');
  const row = (label: string, value: ReactNode, testId: string) => (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.5 }}>
      <Typography sx={{ color: 'text.secondary', typography: 'textMd', whiteSpace: 'nowrap', flexShrink: 0 }}>
        {label}
      </Typography>
      <Typography
        sx={{ color: 'text.primary', typography: 'textMd', fontWeight: 600, textAlign: 'right' }}
        data-testid={testId}
      >
        {value}
      </Typography>
    </Box>
  );
  return (
    <Box data-testid="sandbox-summary">
      <Typography sx={{ color: 'text.secondary', typography: 'textMd', fontWeight: 600 }}>
        {t('sandbox.payTo', { merchant: session.merchant })}
      </Typography>
      <Typography
        sx={{
          color: 'text.primary',
          typography: 'checkoutAmount',
          fontWeight: 800,
          letterSpacing: '-0.02em',
          fontVariantNumeric: 'tabular-nums',
        }}
        data-testid="sandbox-amount"
      >
        {formatMoney(session.amountCents)}
        <Box component="span" sx={{ typography: 'textLg', fontWeight: 700, color: 'text.secondary', ml: 1 }}>
          {session.currency}
        </Box>
      </Typography>
      <Box sx={{ mt: 1.5 }}>
        {row(t('sandbox.merchant'), session.merchant, 'sandbox-merchant')}
        {row(t('sandbox.description'), session.description, 'sandbox-description')}
        {row(t('sandbox.method'), t(`methods.${session.method}`), 'sandbox-method')}
        {row(t('sandbox.expires'), formatDateTime(session.expiresAt), 'sandbox-expires')}
      </Box>
    </Box>
  );
}

function AlipayPanel({
  busy,
  onComplete,
}: {
  busy: SandboxComplete['outcome'] | null;
  onComplete: (outcome: SandboxComplete['outcome']) => void;
}) {
  const { t } = useTranslation('funds');
  return (
    <Box sx={{ display: 'grid', gap: 2 }} data-testid="sandbox-alipay">
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center' }}>
        <Box
          aria-hidden="true"
          sx={{
            width: 72,
            height: 72,
            borderRadius: 2,
            border: 1,
            borderColor: 'divider',
            display: 'grid',
            placeItems: 'center',
            color: PAYMENT_MARKS.alipayBlue,
            flexShrink: 0,
          }}
        >
          <QrCode2Rounded sx={{ fontSize: 56 }} />
        </Box>
        <Box>
          <Typography sx={{ fontWeight: 700, color: 'text.primary' }}>{t('sandbox.alipay.title')}</Typography>
          <Typography sx={{ typography: 'textMd', color: 'text.secondary' }}>{t('sandbox.alipay.body')}</Typography>
        </Box>
      </Box>
      <Button
        variant="contained"
        size="large"
        disabled={busy !== null}
        onClick={() => onComplete('success')}
        startIcon={
          busy === 'success' ? <LoadingSpinner decorative size={18} color="inherit" /> : <CheckCircleRounded />
        }
        data-testid="sandbox-approve"
        sx={{ bgcolor: PAYMENT_MARKS.alipayBlue, '&:hover': { bgcolor: PAYMENT_MARKS.alipayBlueDark }, py: 1.25 }}
      >
        {t('sandbox.alipay.approve')}
      </Button>
      <Button
        variant="outlined"
        color="inherit"
        size="large"
        disabled={busy !== null}
        onClick={() => onComplete('fail')}
        startIcon={busy === 'fail' ? <LoadingSpinner decorative size={18} color="inherit" /> : null}
        data-testid="sandbox-decline"
      >
        {t('sandbox.alipay.decline')}
      </Button>
    </Box>
  );
}

/** A session that can no longer be paid: expired, already processed, or unknown. */
function Closed({
  title,
  body,
  returnUrl,
  onReturn,
}: {
  title: string;
  body: string;
  returnUrl: string | null;
  onReturn: (url: string) => void;
}) {
  const { t } = useTranslation('funds');
  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 2.5, sm: 3 }, borderRadius: 2.5, textAlign: 'center' }}
      data-testid="sandbox-closed"
    >
      <HourglassDisabledRounded sx={{ fontSize: 44, color: 'text.secondary' }} aria-hidden="true" />
      <Typography component="h1" sx={{ typography: 'text4xl', fontWeight: 800, color: 'text.primary', mt: 1 }}>
        {title}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mt: 0.75, typography: 'textLg' }}>{body}</Typography>
      <Button variant="contained" sx={{ mt: 2.5 }} onClick={() => onReturn(returnUrl ?? FUND_PATH)}>
        {t('sandbox.return')}
      </Button>
    </Paper>
  );
}

/**
 * /pay/sandbox/:sessionId: the built-in sandbox payment provider's hosted checkout (a separate provider's page,
 * without the site's top bar and footer). Card: test card details and 'save this card'; Alipay: approve or
 * decline. The provider then sends its signed webhook and returns the browser to the merchant's returnUrl.
 */
export function SandboxCheckoutPage() {
  const { t } = useTranslation('funds');
  usePageTitle(t('sandbox.title'));
  const { sessionId = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const session = useSandboxSession(sessionId);
  const complete = useCompleteSandboxSession();
  const [pending, setPending] = useState<SandboxComplete['outcome'] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [returning, setReturning] = useState(false);

  const goBack = (url: string) => {
    setReturning(true);
    if (isSameSiteUrl(url)) navigate(url, { replace: true });
    else window.location.assign(url);
  };

  const submit = async (body: SandboxComplete) => {
    if (pending) return;
    setPending(body.outcome);
    setFailure(null);
    try {
      const done = await complete.mutateAsync({ sessionId, body });
      goBack(done.returnUrl);
    } catch (error) {
      const fields = Object.values(fieldErrorsOf(error));
      const message = isApiError(error) && error.message ? error.message : t('sandbox.failed');
      setFailure(fields.length > 0 ? `${message} ${fields.join(' ')}` : message);
      // A closed or unknown session: show it as such.
      if (isApiError(error) && CLOSED_CODES.has(error.code)) {
        void queryClient.invalidateQueries({ queryKey: fundsKeys.sandboxSession(sessionId) });
      }
    } finally {
      setPending(null);
    }
  };

  if (session.isPending) {
    return (
      <Frame>
        <Box role="status" aria-label={t('loading')} sx={{ display: 'grid', gap: 2 }}>
          <Skeleton variant="rounded" height={160} />
          <Skeleton variant="rounded" height={320} />
        </Box>
      </Frame>
    );
  }

  if (session.isError) {
    const error = session.error;
    const known = isApiError(error) && CLOSED_CODES.has(error.code);
    return (
      <Frame>
        {known ? (
          <Closed
            title={error.code === 'Funds.PaymentSessionNotFound' ? t('sandbox.notFound') : t('sandbox.processed')}
            body={error.message}
            returnUrl={null}
            onReturn={goBack}
          />
        ) : (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void session.refetch()}>
                {t('sandbox.retry')}
              </Button>
            }
          >
            {isApiError(error) && error.message ? error.message : t('sandbox.failed')}
          </Alert>
        )}
      </Frame>
    );
  }

  const data = session.data;
  if (data.status !== 'open') {
    return (
      <Frame>
        <Closed
          title={data.status === 'expired' ? t('sandbox.expired') : t('sandbox.processed')}
          body={t(`sandbox.closedBody.${data.status}`, { minutes: FUNDS_LIMITS.checkoutSessionTtlSeconds / 60 })}
          returnUrl={data.returnUrl}
          onReturn={goBack}
        />
      </Frame>
    );
  }

  return (
    <Frame>
      <Paper variant="outlined" sx={{ borderRadius: 2.5, overflow: 'hidden', borderColor: 'divider' }}>
        <Box sx={{ p: { xs: 2.5, sm: 3 } }}>
          <OrderSummary session={data} />
        </Box>
        <Divider />
        <Box sx={{ p: { xs: 2.5, sm: 3 } }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2, color: 'text.primary' }}>
            {data.method === 'card' ? <CreditCardRounded fontSize="small" /> : <QrCode2Rounded fontSize="small" />}
            <Typography component="h1" sx={{ fontWeight: 800, typography: 'textXl' }}>
              {data.method === 'card' ? t('sandbox.card.title') : t('sandbox.alipay.heading')}
            </Typography>
          </Box>
          {failure ? (
            <Alert severity="error" sx={{ mb: 2 }} data-testid="sandbox-error">
              {failure}
            </Alert>
          ) : null}
          {returning ? (
            <Alert severity="info" icon={<LoadingSpinner decorative size={18} />} sx={{ mb: 2 }}>
              {t('sandbox.returning')}
            </Alert>
          ) : null}
          {data.method === 'card' ? (
            <SandboxCardForm
              amountLabel={formatMoney(data.amountCents)}
              busy={pending !== null || returning}
              onPay={(body) => void submit(body)}
              onCancel={() => void submit({ outcome: 'fail' })}
            />
          ) : (
            <AlipayPanel busy={returning ? 'success' : pending} onComplete={(outcome) => void submit({ outcome })} />
          )}
        </Box>
      </Paper>
      <Box
        sx={{ display: 'flex', gap: 1, mt: 2, color: 'text.secondary', typography: 'textSm', alignItems: 'flex-start' }}
      >
        <InfoOutlined sx={{ fontSize: 16, mt: 0.25 }} aria-hidden="true" />
        <span>{t('sandbox.notice')}</span>
      </Box>
    </Frame>
  );
}
