import BrokenImageOutlined from '@mui/icons-material/BrokenImageOutlined';
import ChevronLeftRounded from '@mui/icons-material/ChevronLeftRounded';
import ChevronRightRounded from '@mui/icons-material/ChevronRightRounded';
import CloseRounded from '@mui/icons-material/CloseRounded';
import OpenInNewRounded from '@mui/icons-material/OpenInNewRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { PayeeFile } from '@namebourse/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BRAND, ON_DARK_FOCUS } from '../../../app/theme.ts';
import { payeeFileSrc } from '../lib/files.ts';

function Thumb({ file, onOpen, label }: { file: PayeeFile; onOpen: () => void; label: string }) {
  const [broken, setBroken] = useState(false);
  return (
    <ButtonBase
      onClick={onOpen}
      aria-label={label}
      sx={{
        width: 104,
        height: 104,
        borderRadius: 1.5,
        border: 1,
        borderColor: 'divider',
        overflow: 'hidden',
        bgcolor: 'background.default',
        '&:hover, &:focus-visible': { borderColor: 'primary.main' },
      }}
    >
      {broken ? (
        <BrokenImageOutlined sx={{ color: 'text.disabled' }} />
      ) : (
        <Box
          component="img"
          src={payeeFileSrc(file)}
          alt=""
          loading="lazy"
          onError={() => setBroken(true)}
          sx={{ width: '100%', height: '100%', objectFit: 'cover' }}
        />
      )}
    </ButtonBase>
  );
}

/** The uploaded agreement/certificate images as thumbnails; a click shows one large, with previous/next. */
export function ImageGallery({ files }: { files: PayeeFile[] }) {
  const { t } = useTranslation('admin');
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const [open, setOpen] = useState<number | null>(null);
  const [broken, setBroken] = useState<Record<string, boolean>>({});
  if (files.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ typography: 'textMd' }}>
        {t('payees.noFiles')}
      </Typography>
    );
  }
  const current = open === null ? null : files[open];
  const step = (delta: number) =>
    setOpen((index) => (index === null ? null : (index + delta + files.length) % files.length));

  return (
    <>
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }} data-testid="payee-files">
        {files.map((file, index) => (
          <Thumb
            key={file.fileId}
            file={file}
            onOpen={() => setOpen(index)}
            label={t('payees.viewFile', { name: file.fileName })}
          />
        ))}
      </Box>
      <Dialog
        open={current !== null}
        onClose={() => setOpen(null)}
        fullScreen={phone}
        maxWidth="lg"
        aria-label={current ? current.fileName : undefined}
        slotProps={{ paper: { sx: { bgcolor: BRAND.night, color: 'common.white', ...ON_DARK_FOCUS } } }}
        onKeyDown={(event) => {
          if (event.key === 'ArrowRight') step(1);
          if (event.key === 'ArrowLeft') step(-1);
        }}
      >
        {current ? (
          <Box sx={{ display: 'flex', flexDirection: 'column', height: phone ? '100%' : 'auto' }}>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, py: 1 }}>
              <Typography sx={{ flex: 1, minWidth: 0, typography: 'textMd' }} noWrap title={current.fileName}>
                {current.fileName}
                <Box component="span" sx={{ opacity: 0.7, ml: 1 }}>
                  {t('payees.fileOf', { index: (open ?? 0) + 1, total: files.length })}
                </Box>
              </Typography>
              <Button
                size="small"
                color="inherit"
                href={payeeFileSrc(current)}
                target="_blank"
                rel="noopener"
                startIcon={<OpenInNewRounded fontSize="small" />}
              >
                {t('payees.openOriginal')}
              </Button>
              <IconButton color="inherit" onClick={() => setOpen(null)} aria-label={t('actions.close')}>
                <CloseRounded />
              </IconButton>
            </Box>
            <Box
              sx={{
                position: 'relative',
                flex: 1,
                display: 'grid',
                placeItems: 'center',
                px: { xs: 1, sm: 7 },
                pb: 2,
                minHeight: 240,
              }}
            >
              {broken[current.fileId] ? (
                <Box sx={{ textAlign: 'center', opacity: 0.8 }}>
                  <BrokenImageOutlined sx={{ fontSize: 48 }} />
                  <Typography sx={{ typography: 'textMd' }}>{t('payees.fileFailed')}</Typography>
                </Box>
              ) : (
                <Box
                  component="img"
                  src={payeeFileSrc(current)}
                  alt={current.fileName}
                  onError={() => setBroken((map) => ({ ...map, [current.fileId]: true }))}
                  sx={{
                    maxWidth: '100%',
                    maxHeight: phone ? 'calc(100dvh - 96px)' : '78vh',
                    objectFit: 'contain',
                    display: 'block',
                  }}
                />
              )}
              {files.length > 1 ? (
                <>
                  <IconButton
                    onClick={() => step(-1)}
                    aria-label={t('payees.previousFile')}
                    sx={{ position: 'absolute', left: 8, color: 'common.white', bgcolor: 'rgba(255,255,255,0.12)' }}
                  >
                    <ChevronLeftRounded />
                  </IconButton>
                  <IconButton
                    onClick={() => step(1)}
                    aria-label={t('payees.nextFile')}
                    sx={{ position: 'absolute', right: 8, color: 'common.white', bgcolor: 'rgba(255,255,255,0.12)' }}
                  >
                    <ChevronRightRounded />
                  </IconButton>
                </>
              ) : null}
            </Box>
          </Box>
        ) : null}
      </Dialog>
    </>
  );
}
