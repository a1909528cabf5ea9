import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { FEED_FILE_MAX_BYTES } from '@namebourse/contract';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MutationError } from '../../../components/mutation-error.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { showToast } from '../../../lib/feedback-store.ts';
import { useUploadFeed } from '../api/feed-upload.ts';

/** `YYYY-MM-DDTHH:mm` of a time in the browser's zone (what a datetime-local input takes). */
function localInput(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** Upload a partner file and choose when it is imported (the browser's local time; empty: now). */
export function FeedUploadCard() {
  const { t } = useTranslation('admin-queues');
  const upload = useUploadFeed();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [when, setWhen] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [percent, setPercent] = useState<number | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    if (!file) {
      setProblem(t('feeds.upload.fileRequired'));
      return;
    }
    const at = when ? new Date(when) : undefined;
    setPercent(0);
    try {
      const scheduled = await upload.mutateAsync({
        file,
        scheduledAt: at && !Number.isNaN(at.getTime()) ? at.toISOString() : undefined,
        onProgress: (p) => setPercent(p.total ? Math.round((p.loaded / p.total) * 100) : null),
      });
      showToast(t('feeds.upload.done', { name: scheduled.fileName }), 'success');
      setFile(null);
      setWhen('');
      if (input.current) input.current.value = '';
    } catch {
      // Shown below by MutationError.
    } finally {
      setPercent(null);
    }
  };

  return (
    <SectionCard title={t('feeds.upload.title')} description={t('feeds.upload.folder')} testId="feed-upload">
      <Box
        component="form"
        noValidate
        onSubmit={submit}
        sx={{ display: 'flex', flexDirection: { xs: 'column', md: 'row' }, gap: 2, alignItems: { md: 'flex-start' } }}
      >
        <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', minWidth: 0, flex: 1 }}>
          <Button component="label" variant="outlined" startIcon={<UploadFileOutlined />} sx={{ flexShrink: 0 }}>
            {t('feeds.upload.choose')}
            <input
              ref={input}
              type="file"
              accept=".csv,text/csv"
              hidden
              aria-label={t('feeds.upload.file')}
              data-testid="feed-file-input"
              onChange={(event) => {
                const chosen = event.target.files?.[0] ?? null;
                setFile(chosen && chosen.size <= FEED_FILE_MAX_BYTES ? chosen : null);
                setProblem(chosen && chosen.size > FEED_FILE_MAX_BYTES ? t('feeds.upload.fileRequired') : null);
              }}
            />
          </Button>
          <Typography
            sx={{ typography: 'textMd', minWidth: 0, overflowWrap: 'anywhere' }}
            color={file ? 'text.primary' : 'text.secondary'}
            data-testid="feed-file-name"
          >
            {file ? file.name : t('feeds.upload.none')}
          </Typography>
        </Box>
        <TextField
          type="datetime-local"
          size="small"
          label={t('feeds.upload.when')}
          helperText={t('feeds.upload.whenHelp')}
          value={when}
          onChange={(event) => setWhen(event.target.value)}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: localInput(new Date()) } }}
          sx={{ minWidth: { md: 240 } }}
        />
        <Button type="submit" variant="contained" disabled={upload.isPending} sx={{ flexShrink: 0 }}>
          {t('feeds.upload.submit')}
        </Button>
      </Box>
      {percent !== null ? (
        <Box sx={{ mt: 2 }}>
          <LinearProgress variant="determinate" value={percent} aria-label={t('feeds.upload.uploading', { percent })} />
        </Box>
      ) : null}
      {problem ? (
        <Alert severity="warning" sx={{ mt: 2 }}>
          {problem}
        </Alert>
      ) : null}
      <Box sx={{ mt: upload.error ? 2 : 0 }}>
        <MutationError error={upload.error} />
      </Box>
    </SectionCard>
  );
}
