import UploadFileRounded from '@mui/icons-material/UploadFileRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { errorMessage, LISTING_RULES, type Listing, type Locale } from '@namebourse/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MutationError } from '../../../components/mutation-error.tsx';
import { useLocale } from '../../../lib/use-locale.ts';
import { useUploadLogo } from '../api/upload-logo.ts';
import {
  checkLogoFile,
  LOGO_FILE_ACCEPT,
  type LogoFileProblem,
  pixelsProblem,
  readImageSize,
  uploadErrorProblem,
} from '../lib/logo-file-check.ts';

/** The spec's messages (§8) for format and size, the page's own for pixels. */
function problemText(problem: LogoFileProblem, locale: Locale, pixelsText: string): string {
  if (problem === 'unsupportedFormat' || problem === 'unreadable')
    return errorMessage('File.UnsupportedFormat', locale);
  if (problem === 'tooLarge') return errorMessage('File.TooLarge', locale);
  return pixelsText;
}

/** Upload a JPG or PNG (≤ 2000 KB, ≤ 1000 px): checked here first, then by the server, whose verdict shows here. */
export function LogoUpload({ listing, onUsed }: { listing: Listing; onUsed: (status: Listing['status']) => void }) {
  const { t } = useTranslation('listing-edit');
  const locale = useLocale();
  const upload = useUploadLogo();
  const [problem, setProblem] = useState<LogoFileProblem | null>(null);
  const [checking, setChecking] = useState(false);
  const [fileName, setFileName] = useState<string | null>(null);

  const choose = async (file: File | undefined) => {
    upload.reset();
    setProblem(null);
    if (!file) return;
    setFileName(file.name);
    const first = checkLogoFile(file);
    if (first) {
      setProblem(first);
      return;
    }
    setChecking(true);
    const pixels = pixelsProblem(await readImageSize(file));
    setChecking(false);
    if (pixels) {
      setProblem(pixels);
      return;
    }
    upload.mutate({ listingId: listing.listingId, file }, { onSuccess: (result) => onUsed(result.status) });
  };

  const serverProblem = uploadErrorProblem(upload.error);
  const busy = checking || upload.isPending;
  return (
    <Box sx={{ display: 'grid', gap: 1.5, justifyItems: 'start' }}>
      <Typography sx={{ typography: 'textMd' }}>
        {t('logo.upload.rules', { kb: LISTING_RULES.logoMaxBytes / 1024, px: LISTING_RULES.logoMaxPixels })}
      </Typography>
      <Button component="label" variant="outlined" startIcon={<UploadFileRounded />} disabled={busy}>
        {busy ? t('logo.upload.uploading') : t('logo.upload.choose')}
        <input
          hidden
          type="file"
          accept={LOGO_FILE_ACCEPT}
          data-testid="logo-file"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            void choose(file);
          }}
        />
      </Button>
      {fileName ? (
        <Typography color="text.secondary" sx={{ typography: 'textSm', overflowWrap: 'anywhere' }}>
          {fileName}
        </Typography>
      ) : null}
      {problem || serverProblem ? (
        <Alert severity="error" role="alert" data-testid="logo-file-problem">
          {problemText(
            (problem ?? serverProblem) as LogoFileProblem,
            locale,
            t('logo.upload.tooManyPixels', { max: LISTING_RULES.logoMaxPixels }),
          )}
        </Alert>
      ) : (
        <MutationError error={upload.error} />
      )}
    </Box>
  );
}
