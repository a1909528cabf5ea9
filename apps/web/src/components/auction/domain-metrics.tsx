import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { AuctionSummary } from '@namebourse/contract';
import { useTranslation } from 'react-i18next';
import { formatDate, formatNumber } from '../../lib/format.ts';
import { useDisplayTimeZone } from '../../lib/render-env.ts';

type MetricsSource = Pick<
  AuctionSummary,
  'domain' | 'tld' | 'length' | 'registrar' | 'registeredAt' | 'expiresAt' | 'metrics'
>;

/** The domain data of spec §3 as a label/value grid (two columns on phones, up to five on desktop). */
export function DomainMetricsGrid({
  lot,
  extra = [],
}: {
  lot: MetricsSource;
  extra?: { key: string; label: string; value: string }[];
}) {
  const { t } = useTranslation('auctions');
  const timeZone = useDisplayTimeZone();
  const m = lot.metrics;
  const n = (value: number) => formatNumber(value);
  const items: { key: string; label: string; value: string }[] = [
    { key: 'registrar', label: t('metrics.registrar'), value: lot.registrar || '--' },
    {
      key: 'registeredAt',
      label: t('metrics.registeredAt'),
      value: lot.registeredAt ? formatDate(lot.registeredAt, undefined, timeZone) : '--',
    },
    {
      key: 'expiresAt',
      label: t('metrics.expiresAt'),
      value: lot.expiresAt ? formatDate(lot.expiresAt, undefined, timeZone) : '--',
    },
    { key: 'length', label: t('metrics.length'), value: n(lot.length) },
    { key: 'tld', label: t('metrics.tld'), value: `.${lot.tld}` },
    { key: 'traffic', label: t('metrics.traffic'), value: n(m.traffic) },
    { key: 'backlinks', label: t('metrics.backlinks'), value: n(m.backlinks) },
    { key: 'referringDomains', label: t('metrics.referringDomains'), value: n(m.referringDomains) },
    { key: 'citationFlow', label: t('metrics.citationFlow'), value: n(m.citationFlow) },
    { key: 'trustFlow', label: t('metrics.trustFlow'), value: n(m.trustFlow) },
    { key: 'baiduIndex', label: t('metrics.baiduIndex'), value: n(m.baiduIndex) },
    { key: 'sogouIndex', label: t('metrics.sogouIndex'), value: n(m.sogouIndex) },
    { key: 'googleIndex', label: t('metrics.googleIndex'), value: n(m.googleIndex) },
    { key: 'baiduWeight', label: t('metrics.baiduWeight'), value: n(m.baiduWeight) },
    { key: 'pageAuthority', label: t('metrics.pageAuthority'), value: n(m.pageAuthority) },
    ...extra,
  ];
  return (
    <Box
      component="dl"
      data-testid="domain-metrics"
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: {
          xs: 'repeat(2, minmax(0, 1fr))',
          sm: 'repeat(3, minmax(0, 1fr))',
          lg: 'repeat(5, minmax(0, 1fr))',
        },
        gap: 0,
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        overflow: 'hidden',
      }}
    >
      {items.map((item) => (
        <Box
          key={item.key}
          data-metric={item.key}
          sx={{
            px: 1.75,
            py: 1.25,
            borderRight: 1,
            borderBottom: 1,
            borderColor: 'divider',
            mr: '-1px',
            mb: '-1px',
            minWidth: 0,
          }}
        >
          <Typography component="dt" sx={{ typography: 'textXs', color: 'text.secondary' }}>
            {item.label}
          </Typography>
          <Typography
            component="dd"
            sx={{
              m: 0,
              typography: 'textLg',
              fontWeight: 600,
              fontVariantNumeric: 'tabular-nums',
              overflowWrap: 'anywhere',
            }}
          >
            {item.value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** A one-line summary of the key metrics for a list row: "权重 3 · 外链 1,234 · 百度 56". */
export function KeyMetricsText({ metrics }: { metrics: AuctionSummary['metrics'] }) {
  const { t } = useTranslation('auctions');
  return (
    <Typography component="span" sx={{ typography: 'textSm', color: 'text.secondary', whiteSpace: 'nowrap' }}>
      {t('metrics.short', {
        weight: metrics.baiduWeight,
        backlinks: formatNumber(metrics.backlinks),
        index: formatNumber(metrics.baiduIndex),
      })}
    </Typography>
  );
}
