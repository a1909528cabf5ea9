import AddPhotoAlternateOutlined from '@mui/icons-material/AddPhotoAlternateOutlined';
import CloseRounded from '@mui/icons-material/CloseRounded';
import SendRounded from '@mui/icons-material/SendRounded';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { CHAT_LIMITS } from '@namebourse/contract';
import { type ChangeEvent, type KeyboardEvent, type Ref, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ATTACHMENT_ACCEPT, type AttachmentProblem, checkAttachment } from './attachment.ts';

export interface ComposerSendInput {
  body: string;
  file: File | null;
  /** An object URL of the picked image (the pending bubble shows it until the server's copy arrives). */
  previewUrl: string | null;
}

export interface ChatComposerProps {
  value: string;
  onChange: (value: string) => void;
  /** Sends; answers true when the message was taken (the field and the picked image then clear). */
  onSend: (input: ComposerSendInput) => boolean | Promise<boolean>;
  /** The user typed (the caller throttles the typing frames). */
  onTyping?: () => void;
  disabled?: boolean;
  allowAttachments?: boolean;
  /** Upload progress of the image being sent, 0–100, or null. */
  uploadProgress?: number | null;
  /** A failed upload's message (shown under the field). */
  uploadError?: string | null;
  placeholder?: string;
  inputRef?: Ref<HTMLTextAreaElement>;
}

const MB = 1024 * 1024;

/**
 * The message field: Enter sends (Shift+Enter is a new line; an IME composition is never cut short), an image
 * button takes a JPG or PNG of at most 2 MB — checked here by its bytes before anything is uploaded — with a
 * preview and the upload's progress.
 */
export function ChatComposer({
  value,
  onChange,
  onSend,
  onTyping,
  disabled = false,
  allowAttachments = true,
  uploadProgress = null,
  uploadError = null,
  placeholder,
  inputRef,
}: ChatComposerProps) {
  const { t } = useTranslation('support-chat');
  const fileInput = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [problem, setProblem] = useState<AttachmentProblem | null>(null);
  const [busy, setBusy] = useState(false);
  const hintId = useId();
  const kept = useRef(false);

  // Free the preview of an image that was removed (one that was sent belongs to its pending bubble now).
  useEffect(
    () => () => {
      if (preview && !kept.current && typeof URL.revokeObjectURL === 'function') URL.revokeObjectURL(preview);
      kept.current = false;
    },
    [preview],
  );

  const body = value.trim();
  const tooLong = body.length > CHAT_LIMITS.bodyMax;
  const canSend = !disabled && !busy && !tooLong && (body.length > 0 || file !== null);

  const clearFile = () => {
    setFile(null);
    setPreview(null);
    if (fileInput.current) fileInput.current.value = '';
  };

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const picked = event.target.files?.[0] ?? null;
    if (!picked) return;
    const found = await checkAttachment(picked);
    if (found) {
      setProblem(found);
      clearFile();
      return;
    }
    setProblem(null);
    setFile(picked);
    setPreview(typeof URL.createObjectURL === 'function' ? URL.createObjectURL(picked) : null);
  };

  const send = async () => {
    if (!canSend) return;
    setBusy(true);
    try {
      const taken = await onSend({ body, file, previewUrl: preview });
      if (taken) {
        onChange('');
        if (preview) kept.current = true;
        clearFile();
      }
    } finally {
      setBusy(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing || event.keyCode === 229) return;
    event.preventDefault();
    void send();
  };

  const problemText = problem
    ? t(`composer.problem.${problem}`, { max: CHAT_LIMITS.attachmentMaxBytes / MB })
    : (uploadError ?? null);

  return (
    <Box sx={{ borderTop: 1, borderColor: 'divider', bgcolor: 'background.paper', px: { xs: 1, sm: 1.5 }, py: 1 }}>
      {file ? (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
          {preview ? (
            <Box
              component="img"
              src={preview}
              alt={t('composer.previewAlt', { name: file.name })}
              sx={{ width: 56, height: 56, objectFit: 'cover', borderRadius: 1.5, border: 1, borderColor: 'divider' }}
            />
          ) : null}
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography variant="body2" noWrap title={file.name}>
              {file.name}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {t('composer.size', { size: (file.size / MB).toFixed(2) })}
            </Typography>
            {uploadProgress !== null ? (
              <LinearProgress
                variant="determinate"
                value={uploadProgress}
                aria-label={t('composer.uploading')}
                sx={{ mt: 0.5, borderRadius: 1 }}
              />
            ) : null}
          </Box>
          <IconButton size="small" onClick={clearFile} disabled={busy} aria-label={t('composer.removeImage')}>
            <CloseRounded fontSize="small" />
          </IconButton>
        </Box>
      ) : null}
      <Box sx={{ display: 'flex', alignItems: 'flex-end', gap: 0.5 }}>
        {allowAttachments ? (
          <>
            <input
              ref={fileInput}
              type="file"
              accept={ATTACHMENT_ACCEPT}
              hidden
              onChange={(event) => void pick(event)}
              data-testid="chat-file-input"
              aria-label={t('composer.attach')}
            />
            <Tooltip title={t('composer.attachHint')}>
              <span>
                <IconButton
                  onClick={() => fileInput.current?.click()}
                  disabled={disabled || busy}
                  aria-label={t('composer.attach')}
                >
                  <AddPhotoAlternateOutlined />
                </IconButton>
              </span>
            </Tooltip>
          </>
        ) : null}
        <TextField
          value={value}
          onChange={(event) => {
            onChange(event.target.value);
            if (event.target.value.trim()) onTyping?.();
          }}
          onKeyDown={onKeyDown}
          disabled={disabled}
          placeholder={placeholder ?? t('composer.placeholder')}
          multiline
          maxRows={5}
          size="small"
          fullWidth
          error={tooLong}
          inputRef={inputRef}
          slotProps={{
            htmlInput: {
              'aria-label': t('composer.label'),
              'aria-describedby': problemText || tooLong ? hintId : undefined,
            },
          }}
        />
        <IconButton color="primary" onClick={() => void send()} disabled={!canSend} aria-label={t('composer.send')}>
          <SendRounded />
        </IconButton>
      </Box>
      {problemText || tooLong ? (
        <Typography id={hintId} role="alert" variant="caption" color="error" sx={{ display: 'block', mt: 0.5, px: 1 }}>
          {tooLong ? t('composer.tooLong', { max: CHAT_LIMITS.bodyMax, count: body.length }) : problemText}
        </Typography>
      ) : null}
    </Box>
  );
}
