import CheckRounded from '@mui/icons-material/CheckRounded';
import ContentCopyRounded from '@mui/icons-material/ContentCopyRounded';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { copyText } from '../../../components/api-feedback/index.ts';
import { idTextSx } from '../../../components/id-text.tsx';
import { showToast } from '../../../lib/feedback-store.ts';

export interface CopyValueProps {
  label: string;
  value: string;
  /** Test id of the value text. */
  testId?: string;
}

/** A labelled monospace value with a copy button ('Copy failed, please copy manually' when refused). */
export function CopyValue({ label, value, testId }: CopyValueProps) {
  const { t } = useTranslation('security');
  const [copied, setCopied] = useState(false);

  const copy = async () => {
    if (await copyText(value)) {
      setCopied(true);
      showToast(t('copy.copied'), 'success');
      setTimeout(() => setCopied(false), 2000);
    } else {
      showToast(t('copy.failed'), 'warning');
    }
  };

  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="div" sx={{ mb: 0.5 }}>
        {label}
      </Typography>
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          pl: 1.5,
          pr: 0.5,
          py: 0.5,
          borderRadius: 1.5,
          border: 1,
          borderColor: 'divider',
          bgcolor: 'background.default',
        }}
      >
        <Typography
          data-testid={testId}
          sx={{
            flex: 1,
            minWidth: 0,
            ...idTextSx,
            typography: 'textMd',
            wordBreak: 'break-all',
            userSelect: 'all',
          }}
        >
          {value}
        </Typography>
        <Tooltip title={copied ? t('copy.copied') : t('copy.copy')}>
          <IconButton size="small" aria-label={`${t('copy.copy')} ${label}`} onClick={() => void copy()}>
            {copied ? <CheckRounded fontSize="small" color="success" /> : <ContentCopyRounded fontSize="small" />}
          </IconButton>
        </Tooltip>
      </Box>
    </Box>
  );
}
