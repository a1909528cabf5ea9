import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { DomainBatchAction } from '@namebourse/contract';
import { useTranslation } from 'react-i18next';

const ACTIONS: readonly DomainBatchAction[] = ['lock', 'unlock', 'group', 'renew'];

/** The batch actions on the selected domains (shown while some are selected). */
export function SelectionBar({
  count,
  onAction,
  onClear,
}: {
  count: number;
  onAction: (action: DomainBatchAction) => void;
  onClear: () => void;
}) {
  const { t } = useTranslation('domains');
  if (count === 0) return null;
  return (
    <Paper
      variant="outlined"
      role="region"
      aria-label={t('batch.label')}
      data-testid="selection-bar"
      sx={{
        p: 1.25,
        pl: 2,
        mb: 2,
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        flexWrap: 'wrap',
        borderColor: 'primary.main',
        position: 'sticky',
        top: 76,
        zIndex: 2,
      }}
    >
      <Typography sx={{ typography: 'textMd', fontWeight: 600, flex: { xs: '1 0 100%', sm: 1 } }} aria-live="polite">
        {t('batch.selected', { count })}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {ACTIONS.map((action) => (
          <Button key={action} size="small" variant="outlined" onClick={() => onAction(action)}>
            {t(`batch.action.${action}`)}
          </Button>
        ))}
        <Button size="small" color="inherit" onClick={onClear}>
          {t('batch.clear')}
        </Button>
      </Box>
    </Paper>
  );
}
