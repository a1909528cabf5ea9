import BrokenImageOutlined from '@mui/icons-material/BrokenImageOutlined';
import CloseRounded from '@mui/icons-material/CloseRounded';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface ImageRef {
  url: string;
  fileName: string;
}

/**
 * An uploaded image. It loads through the browser's own request with the same-origin session cookies (the
 * endpoint answers only its owner), so a plain <img> works; a failed load shows a placeholder.
 */
export function PayeeImage({ url, fileName, size }: ImageRef & { size: number | string }) {
  const [failed, setFailed] = useState(false);
  return (
    <Box
      sx={{
        width: size,
        height: size,
        borderRadius: 1.5,
        overflow: 'hidden',
        bgcolor: 'grey.100',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        color: 'text.disabled',
      }}
    >
      {failed ? (
        <BrokenImageOutlined />
      ) : (
        <Box
          component="img"
          src={url}
          alt={fileName}
          loading="lazy"
          onError={() => setFailed(true)}
          sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
        />
      )}
    </Box>
  );
}

/** A thumbnail that opens the image enlarged. */
export function PayeeThumbnail({ image, onOpen, size = 88 }: { image: ImageRef; onOpen: () => void; size?: number }) {
  const { t } = useTranslation('payouts');
  return (
    <ButtonBase
      onClick={onOpen}
      aria-label={t('payees.files.enlarge', { name: image.fileName })}
      sx={{ borderRadius: 1.5, border: 1, borderColor: 'divider', '&:focus-visible': { outline: '2px solid' } }}
    >
      <PayeeImage url={image.url} fileName={image.fileName} size={size} />
    </ButtonBase>
  );
}

/** The enlarged image. */
export function ImageLightbox({ image, onClose }: { image: ImageRef | null; onClose: () => void }) {
  const { t } = useTranslation('payouts');
  return (
    <Dialog open={Boolean(image)} onClose={onClose} maxWidth="lg" aria-labelledby="payee-image-title">
      <DialogTitle id="payee-image-title" sx={{ pr: 7, typography: 'textLg', wordBreak: 'break-all' }}>
        {image?.fileName}
        <IconButton aria-label={t('actions.close')} onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
          <CloseRounded />
        </IconButton>
      </DialogTitle>
      <DialogContent sx={{ display: 'flex', justifyContent: 'center' }}>
        {image ? (
          <Box
            component="img"
            src={image.url}
            alt={image.fileName}
            sx={{ maxWidth: '100%', maxHeight: '75vh', objectFit: 'contain', display: 'block' }}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
