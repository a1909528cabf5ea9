import ContentCopyRounded from '@mui/icons-material/ContentCopyRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { TransferCodeResult } from '@namebourse/contract';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MONO_FONT_FAMILY } from '../../../app/theme.ts';
import { copyText } from '../../../components/api-feedback/index.ts';
import { showToast } from '../../../lib/feedback-store.ts';
import { formatDateTime } from '../../../lib/format.ts';

/** Selects the text of an element, so a failed copy leaves the code ready for Ctrl+C. */
function selectText(element: HTMLElement | null): void {
  if (!element || typeof window === 'undefined') return;
  const selection = window.getSelection();
  if (!selection) return;
  const range = document.createRange();
  range.selectNodeContents(element);
  selection.removeAllRanges();
  selection.addRange(range);
}

/**
 * The transfer code just issued, shown this once (it is never cached nor fetched again): monospace, a copy button
 * ('Copy failed, please copy manually' when the clipboard refuses, with the code selected), and the warning that
 * it was also emailed and when it expires.
 */
export function TransferCodePanel({
  domain,
  result,
  onHide,
}: {
  domain: string;
  result: TransferCodeResult;
  onHide: () => void;
}) {
  const { t, i18n } = useTranslation('transfers');
  const codeRef = useRef<HTMLElement>(null);
  const [copyFailed, setCopyFailed] = useState(false);

  const copy = async () => {
    if (await copyText(result.authCode)) {
      setCopyFailed(false);
      showToast(t('code.copied'), 'success');
      return;
    }
    setCopyFailed(true);
    selectText(codeRef.current);
    showToast(t('code.copyFailed'), 'warning');
  };

  return (
    <Box
      role="region"
      aria-labelledby="transfer-code-shown-title"
      data-testid="transfer-code-panel"
      sx={{
        mt: 2,
        p: { xs: 2, md: 2.5 },
        border: 1,
        borderColor: 'primary.main',
        borderRadius: 2,
        bgcolor: 'background.default',
      }}
    >
      <Typography id="transfer-code-shown-title" component="h3" sx={{ typography: 'textLg', fontWeight: 700 }}>
        {t('code.shownTitle', { domain })}
      </Typography>
      <Box
        sx={{
          mt: 1.5,
          display: 'flex',
          alignItems: { xs: 'stretch', sm: 'center' },
          flexDirection: { xs: 'column', sm: 'row' },
          gap: 1.5,
        }}
      >
        <Box
          component="code"
          ref={codeRef}
          data-testid="transfer-code"
          sx={{
            flex: 1,
            minWidth: 0,
            px: 2,
            py: 1.25,
            borderRadius: 1.5,
            border: 1,
            borderColor: 'divider',
            bgcolor: 'background.paper',
            fontFamily: MONO_FONT_FAMILY,
            fontSize: { xs: 18, md: 20 },
            letterSpacing: '0.06em',
            wordBreak: 'break-all',
            userSelect: 'all',
          }}
        >
          {result.authCode}
        </Box>
        <Button variant="contained" startIcon={<ContentCopyRounded />} onClick={() => void copy()}>
          {t('code.copy')}
        </Button>
      </Box>
      {copyFailed ? (
        <Typography role="status" sx={{ mt: 1, typography: 'textSm', color: 'warning.dark' }}>
          {t('code.copyFailed')}
        </Typography>
      ) : null}
      <Alert severity="warning" sx={{ mt: 2 }}>
        <Box component="span" sx={{ display: 'block', fontWeight: 600 }}>
          {t('code.shownOnce')}
        </Box>
        {t('code.emailed', { date: formatDateTime(result.expiresAt, i18n.language) })}
      </Alert>
      <Box sx={{ mt: 1.5, display: 'flex', justifyContent: 'flex-end' }}>
        <Button onClick={onHide} color="inherit">
          {t('code.hide')}
        </Button>
      </Box>
    </Box>
  );
}
