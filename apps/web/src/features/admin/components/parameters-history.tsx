import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Parameter } from '@namebourse/contract';
import { useTranslation } from 'react-i18next';
import { ErrorView } from '../../../components/api-feedback/index.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useParameterHistory } from '../api/get-parameter-history.ts';
import { ListSkeleton } from './layout-parts.tsx';
import { useParameterText } from './parameters-text.ts';

/** The changes of one parameter, newest first: from → to, when, by whom, why. */
export function ParameterHistory({ parameter, id }: { parameter: Parameter; id: string }) {
  const { t, i18n } = useTranslation('admin-parameters');
  const text = useParameterText();
  const history = useParameterHistory(parameter.key, true);
  return (
    <Box
      id={id}
      component="section"
      aria-label={`${t('history.title')}: ${parameter.description}`}
      data-testid="parameter-history"
      sx={{ mt: 1.5, p: 1.5, borderRadius: 1.5, bgcolor: 'action.hover' }}
    >
      <Typography component="h4" sx={{ typography: 'textMd', fontWeight: 600, mb: 1 }}>
        {t('history.title')}
      </Typography>
      {history.isPending ? (
        <ListSkeleton rows={2} height={40} />
      ) : history.isError ? (
        <ErrorView error={history.error} onRetry={() => void history.refetch()} />
      ) : history.data.length === 0 ? (
        <Typography color="text.secondary" sx={{ typography: 'textMd' }}>
          {t('history.empty')}
        </Typography>
      ) : (
        <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.25 }}>
          {history.data.map((change) => (
            <Box component="li" key={change.id} sx={{ minWidth: 0 }}>
              <Typography sx={{ typography: 'textMd', fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>
                {t('history.change', {
                  from: text.value(parameter, change.oldValue),
                  to: text.value(parameter, change.newValue),
                })}
              </Typography>
              <Typography color="text.secondary" sx={{ typography: 'textSm' }}>
                {t('history.by', {
                  time: formatDateTime(change.createdAt, i18n.language),
                  actor: change.actor ?? '—',
                })}
              </Typography>
              <Typography sx={{ typography: 'textMd', whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                {t('history.reason', { reason: change.reason })}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}
