import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api-client.ts';
import { showToast } from '../../lib/feedback-store.ts';
import { copyText } from './copy-text.ts';

export interface ErrorViewProps {
  /** The error of a call made with errorMode 'message' (any thrown value is accepted). */
  error: unknown;
  title?: ReactNode;
  /** Shows a 'Try again' button. */
  onRetry?: () => void;
}

/** The message of an error, or the default 'Request failed. Try again later'. */
export function errorViewMessage(error: unknown, fallback: string): string {
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

/** Inline error (spec §8): the message plus a collapsible trace id with a copy button. */
export function ErrorView({ error, title, onRetry }: ErrorViewProps) {
  const { t } = useTranslation('api');
  const [open, setOpen] = useState(false);
  const traceId = isApiError(error) ? error.traceId : undefined;

  const copy = async () => {
    if (!traceId) return;
    if (await copyText(traceId)) showToast(t('errorView.copied'), 'success');
    else showToast(t('errorView.copyFailed'), 'warning');
  };

  return (
    <Alert
      severity="error"
      role="alert"
      action={
        onRetry ? (
          <Button color="inherit" size="small" onClick={onRetry}>
            {t('retry')}
          </Button>
        ) : undefined
      }
    >
      {title ? <Typography sx={{ fontWeight: 600 }}>{title}</Typography> : null}
      <Typography variant="body2" data-testid="error-view-message">
        {errorViewMessage(error, t('requestFailed'))}
      </Typography>
      {traceId ? (
        <Box sx={{ mt: 0.5 }}>
          <Button
            size="small"
            color="inherit"
            sx={{ px: 0, minWidth: 0 }}
            aria-expanded={open}
            onClick={() => setOpen((value) => !value)}
          >
            {open ? t('errorView.hideDetails') : t('errorView.showDetails')}
          </Button>
          <Collapse in={open} unmountOnExit>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, flexWrap: 'wrap' }}>
              <Typography variant="caption" component="span">
                {t('errorView.traceId')}:
              </Typography>
              <Typography
                variant="caption"
                component="code"
                data-testid="error-view-trace-id"
                sx={{ fontFamily: 'monospace', userSelect: 'all', wordBreak: 'break-all' }}
              >
                {traceId}
              </Typography>
              <Tooltip title={t('errorView.copy')}>
                <IconButton size="small" color="inherit" aria-label={t('errorView.copy')} onClick={() => void copy()}>
                  <ContentCopyIcon fontSize="inherit" />
                </IconButton>
              </Tooltip>
            </Box>
          </Collapse>
        </Box>
      ) : null}
    </Alert>
  );
}
