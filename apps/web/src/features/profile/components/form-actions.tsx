import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';

/** The reset and save buttons under a profile form. */
export function FormActions({
  dirty,
  pending,
  onReset,
  saveNeedsChange = false,
}: {
  dirty: boolean;
  pending: boolean;
  onReset: () => void;
  /** Save stays disabled until something is changed. */
  saveNeedsChange?: boolean;
}) {
  const { t } = useTranslation('profile');
  return (
    <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1 }}>
      <Button type="button" disabled={!dirty || pending} onClick={onReset}>
        {t('actions.reset')}
      </Button>
      <Button
        type="submit"
        variant="contained"
        disabled={(saveNeedsChange && !dirty) || pending}
        sx={{ minWidth: 120 }}
      >
        {pending ? t('actions.saving') : t('actions.save')}
      </Button>
    </Box>
  );
}
