import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import { CONTACT_INFO_PATH, navigateTo } from '../../lib/api-client.ts';
import { closeContactInfoDialog } from '../../lib/feedback-store.ts';

/** Commodity.UserContactInfoIncomplete (spec §6, §8): asks to complete the contact information. */
export function ContactInfoDialog({ open }: { open: boolean }) {
  const { t } = useTranslation('api');
  return (
    <Dialog open={open} onClose={closeContactInfoDialog} maxWidth="xs" aria-labelledby="contact-info-dialog-title">
      <DialogTitle id="contact-info-dialog-title">{t('contactInfo.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('contactInfo.body')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={closeContactInfoDialog}>{t('contactInfo.cancel')}</Button>
        <Button
          variant="contained"
          onClick={() => {
            closeContactInfoDialog();
            navigateTo(CONTACT_INFO_PATH);
          }}
        >
          {t('contactInfo.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
