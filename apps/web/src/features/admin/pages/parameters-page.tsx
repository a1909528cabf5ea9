import EditOutlined from '@mui/icons-material/EditOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { PARAMETER_GROUPS, type Parameter } from '@namebourse/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorView } from '../../../components/api-feedback/index.ts';
import { idTextSx } from '../../../components/id-text.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useAdminParameters } from '../api/get-parameters.ts';
import { EmptyState, ListSkeleton } from '../components/layout-parts.tsx';
import { ParameterEditDialog } from '../components/parameters-edit-dialog.tsx';
import { ParameterHistory } from '../components/parameters-history.tsx';
import { useParameterText } from '../components/parameters-text.ts';

function Figure({ label, children, strong }: { label: string; children: React.ReactNode; strong?: boolean }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography component="dt" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
        {label}
      </Typography>
      <Typography
        component="dd"
        sx={{
          m: 0,
          typography: strong ? 'textXl' : 'textMd',
          fontWeight: strong ? 700 : 400,
          fontVariantNumeric: 'tabular-nums',
          overflowWrap: 'anywhere',
        }}
      >
        {children}
      </Typography>
    </Box>
  );
}

function LastChange({ parameter }: { parameter: Parameter }) {
  const { t, i18n } = useTranslation('admin-parameters');
  if (!parameter.updatedAt) return <>{t('neverChanged')}</>;
  const time = formatDateTime(parameter.updatedAt, i18n.language);
  return (
    <>{parameter.updatedBy ? t('changed', { time, actor: parameter.updatedBy }) : t('changedBySystem', { time })}</>
  );
}

/** One parameter: what it is, its value, default, bounds and last change; change it, or show its history. */
function ParameterRow({ parameter, onEdit }: { parameter: Parameter; onEdit: (parameter: Parameter) => void }) {
  const { t } = useTranslation('admin-parameters');
  const text = useParameterText();
  const [showHistory, setShowHistory] = useState(false);
  const historyId = useId();
  const name = parameter.description;
  return (
    <Box
      component="li"
      data-testid="parameter-row"
      data-key={parameter.key}
      sx={{ py: 2, borderTop: 1, borderColor: 'divider', '&:first-of-type': { borderTop: 0, pt: 0 }, minWidth: 0 }}
    >
      <Box
        sx={{
          display: 'grid',
          gap: { xs: 1.5, md: 2.5 },
          gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 2fr) minmax(0, 3fr) auto' },
          alignItems: 'start',
        }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Typography component="h3" sx={{ typography: 'textLg', fontWeight: 600 }}>
            {name}
          </Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mt: 0.5 }}>
            <Typography
              component="span"
              color="text.secondary"
              sx={{ ...idTextSx, typography: 'textSm', overflowWrap: 'anywhere' }}
            >
              {parameter.key}
            </Typography>
            <Chip
              size="small"
              variant="outlined"
              color={parameter.public ? 'primary' : 'default'}
              label={t(parameter.public ? 'visibility.public' : 'visibility.internal')}
            />
          </Box>
        </Box>
        <Box
          component="dl"
          sx={{
            m: 0,
            display: 'grid',
            gap: 1.5,
            gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(4, minmax(0, 1fr))' },
          }}
        >
          <Figure label={t('fields.current')} strong>
            <span data-testid="parameter-value">{text.value(parameter, parameter.value)}</span>
          </Figure>
          <Figure label={t('fields.default')}>{text.value(parameter, parameter.defaultValue)}</Figure>
          <Figure label={t('fields.range')}>{text.range(parameter)}</Figure>
          <Figure label={t('fields.lastChange')}>
            <LastChange parameter={parameter} />
          </Figure>
        </Box>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', justifyContent: { md: 'flex-end' } }}>
          <Button
            variant="outlined"
            size="small"
            startIcon={<EditOutlined />}
            onClick={() => onEdit(parameter)}
            aria-label={t('actions.editLabel', { name })}
          >
            {t('actions.edit')}
          </Button>
          <Button
            size="small"
            startIcon={<HistoryOutlined />}
            onClick={() => setShowHistory((shown) => !shown)}
            aria-expanded={showHistory}
            aria-controls={showHistory ? historyId : undefined}
            aria-label={t(showHistory ? 'actions.hideHistoryLabel' : 'actions.historyLabel', { name })}
          >
            {t(showHistory ? 'actions.hideHistory' : 'actions.history')}
          </Button>
        </Box>
      </Box>
      {showHistory ? <ParameterHistory parameter={parameter} id={historyId} /> : null}
    </Box>
  );
}

/** /admin/parameters (admin only, as the console's guard checks): the parameters store, grouped, each editable. */
export function ParametersPage() {
  const { t } = useTranslation('admin-parameters');
  usePageTitle(t('title'));
  const parameters = useAdminParameters();
  const [editing, setEditing] = useState<Parameter | null>(null);

  let body: React.ReactNode;
  if (parameters.isPending) body = <ListSkeleton rows={4} height={120} />;
  else if (parameters.isError)
    body = <ErrorView error={parameters.error} title={t('loadFailed')} onRetry={() => void parameters.refetch()} />;
  else if (parameters.data.length === 0) body = <EmptyState title={t('empty')} />;
  else {
    const groups = PARAMETER_GROUPS.map((group) => ({
      group,
      items: parameters.data.filter((parameter) => parameter.group === group),
    })).filter((entry) => entry.items.length > 0);
    body = groups.map(({ group, items }) => (
      <SectionCard key={group} id={`parameters-${group}`} title={t(`group.${group}`)} testId="parameter-group">
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {items.map((parameter) => (
            <ParameterRow key={parameter.key} parameter={parameter} onEdit={setEditing} />
          ))}
        </Box>
      </SectionCard>
    ));
  }

  return (
    <Box data-testid="admin-parameters-page" sx={{ display: 'grid', gap: 2.5, minWidth: 0 }}>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      {body}
      <ParameterEditDialog parameter={editing} onClose={() => setEditing(null)} />
    </Box>
  );
}
