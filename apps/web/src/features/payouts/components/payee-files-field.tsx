import AddPhotoAlternateOutlined from '@mui/icons-material/AddPhotoAlternateOutlined';
import CloseRounded from '@mui/icons-material/CloseRounded';
import ReplayRounded from '@mui/icons-material/ReplayRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { FUNDS_LIMITS } from '@namebourse/contract';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { PAYEE_FILE_ACCEPT } from '../lib/payee-files.ts';
import { type ImageRef, PayeeImage } from './payee-image.tsx';
import type { UploadItem, usePayeeUploads } from './use-payee-uploads.ts';

const TILE = 96;

function Tile({
  item,
  onRemove,
  onRetry,
  onOpen,
}: {
  item: UploadItem;
  onRemove: () => void;
  onRetry: () => void;
  onOpen: (image: ImageRef) => void;
}) {
  const { t } = useTranslation('payouts');
  const failed = item.status === 'failed';
  return (
    <Box sx={{ width: TILE }} data-testid="payee-upload" data-status={item.status}>
      <Box
        sx={{
          position: 'relative',
          borderRadius: 1.5,
          border: 1,
          borderColor: failed ? 'error.main' : 'divider',
          overflow: 'hidden',
        }}
      >
        <ButtonBase
          disabled={item.status !== 'done'}
          onClick={() => onOpen({ url: item.previewUrl, fileName: item.fileName })}
          aria-label={t('payees.files.enlarge', { name: item.fileName })}
          sx={{ display: 'block', opacity: item.status === 'done' ? 1 : 0.55 }}
        >
          <PayeeImage url={item.previewUrl} fileName={item.fileName} size={TILE} />
        </ButtonBase>
        <IconButton
          size="small"
          onClick={onRemove}
          aria-label={t('payees.files.remove', { name: item.fileName })}
          sx={{
            position: 'absolute',
            top: 2,
            right: 2,
            p: 0.25,
            bgcolor: 'rgba(15,23,42,0.65)',
            color: 'common.white',
            '&:hover': { bgcolor: 'rgba(15,23,42,0.85)' },
          }}
        >
          <CloseRounded sx={{ fontSize: 16 }} />
        </IconButton>
        {failed ? (
          <Tooltip title={t('payees.files.retry')}>
            <IconButton
              size="small"
              onClick={onRetry}
              aria-label={t('payees.files.retryName', { name: item.fileName })}
              sx={{
                position: 'absolute',
                inset: 0,
                m: 'auto',
                width: 36,
                height: 36,
                bgcolor: 'background.paper',
                boxShadow: 1,
                '&:hover': { bgcolor: 'background.paper' },
              }}
            >
              <ReplayRounded fontSize="small" />
            </IconButton>
          </Tooltip>
        ) : null}
      </Box>
      {item.status === 'uploading' ? (
        <Box sx={{ mt: 0.75 }}>
          <LinearProgress
            variant="determinate"
            value={item.percent}
            aria-label={t('payees.files.uploading', { name: item.fileName })}
          />
          <Typography sx={{ typography: 'text2xs', color: 'text.secondary', mt: 0.25 }}>
            {t('payees.files.percent', { percent: item.percent })}
          </Typography>
        </Box>
      ) : (
        <Typography
          title={item.fileName}
          sx={{
            typography: 'text2xs',
            mt: 0.5,
            color: failed ? 'error.main' : 'text.secondary',
            overflow: 'hidden',
            textOverflow: 'ellipsis',
            whiteSpace: failed ? 'normal' : 'nowrap',
            lineHeight: 1.35,
          }}
          role={failed ? 'alert' : undefined}
        >
          {failed && item.problem ? t(`payees.files.problem.${item.problem}`) : item.fileName}
        </Typography>
      )}
    </Box>
  );
}

/** The images part of the payee form: tiles with progress, remove and retry, and an upload tile. */
export function PayeeFilesField({
  uploads,
  error,
  onOpen,
}: {
  uploads: ReturnType<typeof usePayeeUploads>;
  /** A server message about the images (e.g. for `fileIds`). */
  error?: string | undefined;
  onOpen: (image: ImageRef) => void;
}) {
  const { t } = useTranslation('payouts');
  const input = useRef<HTMLInputElement>(null);
  const max = FUNDS_LIMITS.payeeFilesMax;
  const sizeMb = FUNDS_LIMITS.payeeFileMaxBytes / (1024 * 1024);
  const canAdd = !uploads.full && !uploads.busy;

  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" sx={{ fontWeight: 700, typography: 'textLg' }}>
        {t('payees.files.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ typography: 'textSm', mt: 0.25, mb: 1.5, lineHeight: 1.6 }}>
        {t('payees.files.hint', { max, size: sizeMb })}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
        {uploads.items.map((item) => (
          <Tile
            key={item.key}
            item={item}
            onRemove={() => uploads.remove(item.key)}
            onRetry={() => uploads.retry(item.key)}
            onOpen={onOpen}
          />
        ))}
        {uploads.full ? null : (
          <Box sx={{ width: TILE }}>
            <ButtonBase
              onClick={() => input.current?.click()}
              disabled={!canAdd}
              aria-label={t('payees.files.add')}
              data-testid="payee-upload-button"
              sx={{
                width: TILE,
                height: TILE,
                borderRadius: 1.5,
                border: '1.5px dashed',
                borderColor: canAdd ? 'primary.light' : 'divider',
                color: canAdd ? 'primary.main' : 'text.disabled',
                flexDirection: 'column',
                gap: 0.5,
                '&:hover': { bgcolor: 'action.hover' },
              }}
            >
              <AddPhotoAlternateOutlined />
              <Typography sx={{ typography: 'textXs', fontWeight: 600 }}>{t('payees.files.addShort')}</Typography>
            </ButtonBase>
            <Typography sx={{ typography: 'text2xs', color: 'text.secondary', mt: 0.5 }}>
              {t('payees.files.count', { count: uploads.items.filter((i) => i.status !== 'failed').length, max })}
            </Typography>
          </Box>
        )}
      </Box>
      <input
        ref={input}
        type="file"
        hidden
        accept={PAYEE_FILE_ACCEPT}
        data-testid="payee-file-input"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) uploads.add(file);
        }}
      />
      {uploads.rejected ? (
        <Alert severity="error" sx={{ mt: 1.5 }} onClose={uploads.dismissRejected} data-testid="payee-file-problem">
          {t('payees.files.rejected', {
            name: uploads.rejected.fileName,
            problem: t(`payees.files.problem.${uploads.rejected.problem}`),
          })}
        </Alert>
      ) : null}
      {error ? (
        <Typography role="alert" color="error" sx={{ typography: 'textSm', mt: 1 }}>
          {error}
        </Typography>
      ) : null}
    </Box>
  );
}
