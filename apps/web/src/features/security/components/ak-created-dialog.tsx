import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CreatedAccessKey } from '../api/create-ak.ts';
import { CopyValue } from './copy-value.tsx';

/** Shows a new key's id and secret once; it closes only after the user says the secret is saved. */
export function AkCreatedDialog({ created, onClose }: { created: CreatedAccessKey | null; onClose: () => void }) {
  const { t } = useTranslation('security');
  const [saved, setSaved] = useState(false);
  const close = () => {
    setSaved(false);
    onClose();
  };
  return (
    <Dialog open={created !== null} fullWidth maxWidth="sm" aria-describedby="ak-created-warning">
      <DialogTitle>{t('ak.created.title')}</DialogTitle>
      <DialogContent>
        <Alert id="ak-created-warning" severity="warning" sx={{ mb: 2.5 }}>
          {t('ak.created.warning')}
        </Alert>
        {created ? (
          <Box sx={{ display: 'grid', gap: 2 }}>
            <CopyValue label={t('ak.keyId')} value={created.keyId} testId="ak-created-key-id" />
            <CopyValue label={t('ak.secret')} value={created.secret} testId="ak-created-secret" />
            <CopyValue
              label={t('ak.created.header')}
              value={`Authorization: Bearer ${created.keyId}.${created.secret}`}
            />
          </Box>
        ) : null}
        <FormControlLabel
          sx={{ mt: 2 }}
          control={<Checkbox checked={saved} onChange={(_event, value) => setSaved(value)} />}
          label={t('ak.created.saved')}
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button variant="contained" disabled={!saved} onClick={close}>
          {t('ak.created.done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
