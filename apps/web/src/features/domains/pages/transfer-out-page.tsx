import ArrowForwardRounded from '@mui/icons-material/ArrowForwardRounded';
import DnsOutlined from '@mui/icons-material/DnsOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PageHeader } from '../../../components/page-header.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useSearchPatch } from '../../../lib/use-search-patch.ts';
import { MY_DOMAINS_PATH, TransferDomainPanel } from '../components/transfer-domain-panel.tsx';
import { TransferDomainPicker } from '../components/transfer-domain-picker.tsx';
import { TransferResults } from '../components/transfer-results.tsx';

/** The `?domain=` of the address as a domain name, or null. */
function chosenDomain(params: URLSearchParams): string | null {
  const name = (params.get('domain') ?? '').trim().toLowerCase();
  return name.length >= 3 && name.length <= 253 ? name : null;
}

/**
 * /console/domain/transfer-out (spec §2): pick one of my domains (`?domain=`), see whether and from when it can
 * leave, get its transfer code (MFA, shown once), fast-transfer it to a partner registrar, cancel a transfer out;
 * then every transfer out and in under Results (`#results`). Transfer in starts from My domains.
 */
export function TransferOutPage() {
  const { t } = useTranslation('transfers');
  usePageTitle(t('title'));
  const [params, update] = useSearchPatch();
  const domain = chosenDomain(params);
  const choose = useCallback((name: string | null) => update({ domain: name }), [update]);
  const manage = useCallback(
    (name: string) => {
      update({ domain: name });
      if (typeof window !== 'undefined') window.scrollTo({ top: 0, behavior: 'smooth' });
    },
    [update],
  );

  return (
    <Box data-testid="transfer-out-page" sx={{ pb: { xs: 3, md: 0 } }}>
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle')}
        action={
          <Button
            component={RouterLink}
            to={MY_DOMAINS_PATH}
            variant="outlined"
            startIcon={<DnsOutlined />}
            sx={{ flexShrink: 0 }}
          >
            {t('myDomains')}
          </Button>
        }
      />
      <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: { xs: 2, md: 2.5 } }}>
        <SectionCard id="transfer-pick" title={t('picker.title')} description={t('picker.description')}>
          <TransferDomainPicker value={domain} onChange={choose} />
          {domain ? null : (
            <Typography color="text.secondary" sx={{ mt: 1.5, typography: 'textMd' }}>
              {t('picker.none')}
            </Typography>
          )}
          <Typography
            color="text.secondary"
            sx={{ mt: 2, typography: 'textSm', display: 'flex', gap: 0.5, flexWrap: 'wrap' }}
          >
            {t('transferInHint')}
            <Link
              component={RouterLink}
              to={MY_DOMAINS_PATH}
              sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.25, fontWeight: 600 }}
            >
              {t('transferInLink')}
              <ArrowForwardRounded sx={{ fontSize: 16 }} aria-hidden />
            </Link>
          </Typography>
        </SectionCard>
        {domain ? <TransferDomainPanel key={domain} name={domain} /> : null}
        <TransferResults onManage={manage} />
      </Box>
    </Box>
  );
}
