import BadgeOutlined from '@mui/icons-material/BadgeOutlined';
import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import ChevronRightRounded from '@mui/icons-material/ChevronRightRounded';
import ContactPhoneOutlined from '@mui/icons-material/ContactPhoneOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import SecurityOutlined from '@mui/icons-material/SecurityOutlined';
import TuneOutlined from '@mui/icons-material/TuneOutlined';
import WarningAmberRounded from '@mui/icons-material/WarningAmberRounded';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Skeleton from '@mui/material/Skeleton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { ErrorView } from '../../../components/api-feedback/index.ts';
import { RestrictionBanner } from '../../../components/restriction-banner.tsx';
import { SupportChatFab } from '../../../components/support-chat-button.tsx';
import { useRegionData } from '../../../lib/region-data.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useBillingInfo } from '../api/get-billing-info.ts';
import { useContactInfo } from '../api/get-contact-info.ts';
import { useProfile } from '../api/get-profile.ts';
import { useSettings } from '../api/get-settings.ts';
import { BillingForm } from '../components/billing-form.tsx';
import { ContactInfoForm } from '../components/contact-info-form.tsx';
import { ProfileCard } from '../components/profile-card.tsx';
import { SectionCard } from '../components/section-card.tsx';
import { SettingsForm } from '../components/settings-form.tsx';

export const USER_INFO_TABS = ['profile', 'contact', 'billing', 'settings', 'security'] as const;
export type UserInfoTab = (typeof USER_INFO_TABS)[number];
export const SECURITY_CENTRE_PATH = '/console/user/security';

function isTab(value: string | null): value is UserInfoTab {
  return (USER_INFO_TABS as readonly string[]).includes(value ?? '');
}

function FormSkeleton({ rows = 3 }: { rows?: number }) {
  return (
    <Box sx={{ display: 'grid', gap: 2 }} aria-busy="true" data-testid="section-loading">
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
        <Skeleton key={i} variant="rounded" height={56} />
      ))}
    </Box>
  );
}

/** A query's loading / error / ready states. */
function Loaded<T>({
  query,
  rows,
  children,
}: {
  query: { data: T | undefined; error: unknown; isPending: boolean; refetch: () => unknown };
  rows?: number;
  children: (data: T) => ReactNode;
}) {
  if (query.data !== undefined) return <>{children(query.data)}</>;
  if (query.error) return <ErrorView error={query.error} onRetry={() => void query.refetch()} />;
  return <FormSkeleton rows={rows} />;
}

function RegionFailed() {
  const { t } = useTranslation('profile');
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={() => window.location.reload()}>
          {t('regions.refresh')}
        </Button>
      }
    >
      {t('regions.failed')}
    </Alert>
  );
}

/** /console/user/info: contact-information completion and my account (spec §2). */
export function UserInfoPage() {
  const { t } = useTranslation('profile');
  usePageTitle(t('title'));
  const [params, setParams] = useSearchParams();
  const contact = useContactInfo();
  const profile = useProfile();
  const regions = useRegionData();
  const billing = useBillingInfo();
  const settings = useSettings();

  const requested = params.get('tab');
  const tab: UserInfoTab = isTab(requested) ? requested : contact.data?.isComplete === false ? 'contact' : 'profile';
  const selectTab = (next: UserInfoTab) => {
    const search = new URLSearchParams(params);
    search.set('tab', next);
    setParams(search, { replace: true });
  };
  const incomplete = contact.data?.isComplete === false;

  const tabs: { key: UserInfoTab; icon: ReactNode }[] = [
    { key: 'profile', icon: <BadgeOutlined fontSize="small" /> },
    { key: 'contact', icon: <ContactPhoneOutlined fontSize="small" /> },
    { key: 'billing', icon: <ReceiptLongOutlined fontSize="small" /> },
    { key: 'settings', icon: <TuneOutlined fontSize="small" /> },
    { key: 'security', icon: <SecurityOutlined fontSize="small" /> },
  ];

  const regionView = (render: () => ReactNode) =>
    regions.error ? <RegionFailed /> : regions.data ? render() : <FormSkeleton rows={4} />;

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, md: 4 }, px: { xs: 1.5, sm: 3 } }}>
      {/* This page has its own frame (not the console layout): the same restriction notice and chat button. */}
      <RestrictionBanner />
      <SupportChatFab />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap', mb: 2 }}>
        <Typography variant="h4" component="h1" sx={{ typography: 'accountTitle', fontWeight: 800 }}>
          {t('title')}
        </Typography>
        {contact.data ? (
          contact.data.isComplete ? (
            <Chip color="success" size="small" icon={<CheckCircleRounded />} label={t('status.complete')} />
          ) : (
            <Chip color="warning" size="small" icon={<WarningAmberRounded />} label={t('status.incomplete')} />
          )
        ) : null}
      </Box>
      <Typography color="text.secondary" sx={{ mb: 2.5 }}>
        {t('subtitle')}
      </Typography>

      {incomplete ? (
        <Alert
          severity="warning"
          sx={{ mb: 2.5, borderRadius: 2 }}
          data-testid="incomplete-banner"
          action={
            tab !== 'contact' ? (
              <Button color="inherit" size="small" onClick={() => selectTab('contact')}>
                {t('incomplete.action')}
              </Button>
            ) : undefined
          }
        >
          <AlertTitle>{t('incomplete.title')}</AlertTitle>
          {t('incomplete.body')}
        </Alert>
      ) : null}

      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}>
        <Tabs
          value={tab}
          onChange={(_event, next: UserInfoTab) => selectTab(next)}
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
          aria-label={t('title')}
        >
          {tabs.map(({ key, icon }) => (
            <Tab
              key={key}
              value={key}
              icon={icon as React.ReactElement}
              iconPosition="start"
              label={t(`tabs.${key}`)}
              sx={{ minHeight: 48 }}
              id={`user-info-tab-${key}`}
              aria-controls={`user-info-panel-${key}`}
            />
          ))}
        </Tabs>
      </Box>

      <Box role="tabpanel" id={`user-info-panel-${tab}`} aria-labelledby={`user-info-tab-${tab}`}>
        {tab === 'profile' ? (
          <SectionCard icon={<BadgeOutlined />} title={t('profile.title')} description={t('profile.description')}>
            <Loaded query={profile} rows={2}>
              {(data) => <ProfileCard profile={data} />}
            </Loaded>
          </SectionCard>
        ) : null}
        {tab === 'contact' ? (
          <SectionCard
            icon={<ContactPhoneOutlined />}
            title={t('contact.title')}
            description={t('contact.description')}
          >
            <Loaded query={contact} rows={5}>
              {(data) => regionView(() => <ContactInfoForm info={data} />)}
            </Loaded>
          </SectionCard>
        ) : null}
        {tab === 'billing' ? (
          <SectionCard icon={<ReceiptLongOutlined />} title={t('billing.title')} description={t('billing.description')}>
            <Loaded query={billing} rows={6}>
              {(data) =>
                regionView(() => <BillingForm info={data} contact={contact.data} regions={regions.data ?? []} />)
              }
            </Loaded>
          </SectionCard>
        ) : null}
        {tab === 'settings' ? (
          <SectionCard icon={<TuneOutlined />} title={t('settings.title')} description={t('settings.description')}>
            <Loaded query={settings} rows={4}>
              {(data) => <SettingsForm settings={data} />}
            </Loaded>
          </SectionCard>
        ) : null}
        {tab === 'security' ? (
          <SectionCard icon={<SecurityOutlined />} title={t('security.title')} description={t('security.description')}>
            <Box sx={{ display: 'grid', gap: 1.5 }}>
              {(['password', 'mfa', 'sessions'] as const).map((item) => (
                <Button
                  key={item}
                  component={RouterLink}
                  to={SECURITY_CENTRE_PATH}
                  variant="outlined"
                  color="inherit"
                  endIcon={<ChevronRightRounded />}
                  sx={{ justifyContent: 'space-between', textAlign: 'left', py: 1.5, px: 2, borderColor: 'divider' }}
                >
                  <Box>
                    <Typography sx={{ fontWeight: 600 }}>{t(`security.${item}.title`)}</Typography>
                    <Typography variant="body2" color="text.secondary">
                      {t(`security.${item}.description`)}
                    </Typography>
                  </Box>
                </Button>
              ))}
            </Box>
          </SectionCard>
        ) : null}
      </Box>
    </Container>
  );
}
