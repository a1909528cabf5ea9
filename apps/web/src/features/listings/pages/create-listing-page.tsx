import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import type { Listing } from '@namebourse/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useSearchPatch } from '../../../lib/use-search-patch.ts';
import { CreateBatchPanel } from '../components/create-batch-panel.tsx';
import { CreateExcelPanel } from '../components/create-excel-panel.tsx';
import { CreateSingleForm } from '../components/create-single-form.tsx';
import { CreateSuccess } from '../components/create-success.tsx';

const TABS = ['single', 'batch', 'excel'] as const;
type CreateTab = (typeof TABS)[number];

function tabOf(value: string | null): CreateTab {
  return (TABS as readonly string[]).includes(value ?? '') ? (value as CreateTab) : 'single';
}

/**
 * /console/seller/new: list one domain (prefilled from ?domain=), many as `domain price` lines, or from an Excel
 * file; the tab lives in the address (?tab=single|batch|excel).
 */
export function CreateListingPage() {
  const { t } = useTranslation('listings');
  usePageTitle(t('create.title'));
  const [params, update] = useSearchPatch();
  const tab = tabOf(params.get('tab'));
  const initialDomain = (params.get('domain') ?? '').trim().toLowerCase().slice(0, 253);
  const [created, setCreated] = useState<Listing | null>(null);
  // A new key remounts the single form empty after 'list another'.
  const [formKey, setFormKey] = useState(0);
  const baseId = useId();

  return (
    <Box data-testid="create-listing-page">
      <Button
        component={RouterLink}
        to="/console/seller"
        startIcon={<ArrowBackRounded />}
        size="small"
        sx={{ mb: 1, ml: -1 }}
      >
        {t('seller.title')}
      </Button>
      <Typography variant="h5" component="h1" sx={{ typography: { xs: 'text5xl', md: 'text7xl' } }}>
        {t('create.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 0.5, mb: 2, typography: 'textLg', lineHeight: 1.6 }}>
        {t('create.subtitle')}
      </Typography>
      <Tabs
        value={tab}
        onChange={(_event, value: CreateTab) => update({ tab: value === 'single' ? null : value })}
        aria-label={t('create.tabsLabel')}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}
      >
        {TABS.map((value) => (
          <Tab
            key={value}
            value={value}
            label={t(`create.tabs.${value}`)}
            id={`${baseId}-tab-${value}`}
            aria-controls={`${baseId}-panel-${value}`}
          />
        ))}
      </Tabs>
      <Paper
        variant="outlined"
        role="tabpanel"
        id={`${baseId}-panel-${tab}`}
        aria-labelledby={`${baseId}-tab-${tab}`}
        sx={{ p: { xs: 2, md: 3 } }}
      >
        {tab === 'single' ? (
          created ? (
            <CreateSuccess
              listing={created}
              onAnother={() => {
                setCreated(null);
                setFormKey((k) => k + 1);
                update({ domain: null });
              }}
            />
          ) : (
            <CreateSingleForm key={formKey} initialDomain={formKey === 0 ? initialDomain : ''} onCreated={setCreated} />
          )
        ) : null}
        {tab === 'batch' ? <CreateBatchPanel /> : null}
        {tab === 'excel' ? <CreateExcelPanel /> : null}
      </Paper>
    </Box>
  );
}
