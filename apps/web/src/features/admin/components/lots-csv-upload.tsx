import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import {
  type AdminLot,
  AUCTION_RULES,
  type FieldMessageKey,
  fieldMessage,
  type LotCsvError,
  parseLotsCsv,
} from '@namebourse/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../../components/section-card.tsx';
import { fieldErrorsOf, isApiError } from '../../../lib/api-client.ts';
import { formatMoney, formatNumber } from '../../../lib/format.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { addLots } from '../api/add-lots.ts';
import { adminKeys } from '../api/keys.ts';
import { batchesOf, boundsFor, LOT_BATCH_SIZE, lotsCsvTemplate, saveTextFile } from '../lib/lots.ts';

/** At most this many row errors are listed (the count says how many there are). */
const SHOWN_ERRORS = 50;
const MAX_FILE_BYTES = 5 * 1024 * 1024;

interface Parsed {
  fileName: string;
  lots: AdminLot[];
  lines: number[];
  errors: LotCsvError[];
}

interface BatchFailure {
  firstLine: number;
  lastLine: number;
  message: string;
  /** Per-row problems the server named: file line, field and message. */
  rows: { line: number; field: string; message: string }[];
}

interface Upload {
  sent: number;
  total: number;
  created: number;
  failures: BatchFailure[];
  done: boolean;
}

/** CSV upload of lots: parsed in the browser (row errors shown), then posted in batches with a progress bar. */
export function LotsCsvUpload() {
  const { t } = useTranslation('admin');
  const locale = useLocale();
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [parsed, setParsed] = useState<Parsed | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [upload, setUpload] = useState<Upload | null>(null);
  const uploading = upload !== null && !upload.done;

  const errorText = (error: LotCsvError) => {
    const params = { ...boundsFor(error.field, (cents) => formatMoney(cents)), ...error.params };
    return fieldMessage(error.message as FieldMessageKey, locale, params);
  };

  const choose = async (file: File | undefined) => {
    setUpload(null);
    setParsed(null);
    setFileError(null);
    if (!file) return;
    if (!/\.csv$/i.test(file.name)) {
      setFileError(t('lots.csv.unsupported'));
      return;
    }
    if (file.size > MAX_FILE_BYTES) {
      setFileError(t('lots.csv.tooBig', { size: '5 MB' }));
      return;
    }
    try {
      const result = parseLotsCsv(await file.text());
      setParsed({ fileName: file.name, ...result });
    } catch {
      setFileError(t('lots.csv.parseFailed'));
    }
  };

  const start = async () => {
    if (!parsed || parsed.lots.length === 0) return;
    const batches = batchesOf(parsed.lots, LOT_BATCH_SIZE);
    const state: Upload = { sent: 0, total: parsed.lots.length, created: 0, failures: [], done: false };
    setUpload({ ...state });
    let offset = 0;
    for (const batch of batches) {
      const lines = parsed.lines.slice(offset, offset + batch.length);
      try {
        const { created } = await addLots(batch, { errorMode: 'silent', timeoutMs: 60_000 });
        state.created += created.length;
      } catch (error) {
        const rows = Object.entries(fieldErrorsOf(error)).map(([path, message]) => {
          const match = /^lots\.(\d+)\.?(.*)$/.exec(path);
          const index = match ? Number(match[1]) : -1;
          return { line: lines[index] ?? 0, field: match?.[2] ?? path, message };
        });
        const domain =
          isApiError(error) && typeof (error.data as { domain?: unknown } | null)?.domain === 'string'
            ? String((error.data as { domain: string }).domain)
            : null;
        state.failures.push({
          firstLine: lines[0] ?? 0,
          lastLine: lines.at(-1) ?? 0,
          message:
            isApiError(error) && error.message
              ? `${error.message}${domain ? ` (${domain})` : ''}`
              : t('lots.csv.batchFailed'),
          rows,
        });
      }
      offset += batch.length;
      state.sent = offset;
      setUpload({ ...state, failures: [...state.failures] });
    }
    state.done = true;
    setUpload({ ...state, failures: [...state.failures] });
    void queryClient.invalidateQueries({ queryKey: adminKeys.auctions() });
  };

  const reset = () => {
    setParsed(null);
    setUpload(null);
    setFileError(null);
    if (input.current) input.current.value = '';
  };

  const tooMany = parsed !== null && parsed.lots.length > AUCTION_RULES.adminLotsMax;
  const percent = upload && upload.total > 0 ? Math.round((upload.sent / upload.total) * 100) : 0;

  return (
    <SectionCard
      title={t('lots.csv.title')}
      testId="admin-lots-csv"
      action={
        <Button
          size="small"
          startIcon={<FileDownloadOutlined />}
          onClick={() => saveTextFile(lotsCsvTemplate(), 'lots-template.csv')}
          data-testid="admin-lots-csv-template"
        >
          {t('lots.csv.template')}
        </Button>
      }
    >
      <Typography color="text.secondary" sx={{ typography: 'textMd', lineHeight: 1.6, mb: 1.5 }}>
        {t('lots.csv.intro', { max: formatNumber(AUCTION_RULES.adminLotsMax), batch: LOT_BATCH_SIZE })}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'center' }}>
        <Button
          component="label"
          variant="outlined"
          startIcon={<UploadFileOutlined />}
          disabled={uploading}
          sx={{ flexShrink: 0 }}
        >
          {t('lots.csv.choose')}
          <input
            ref={input}
            type="file"
            accept=".csv,text/csv"
            hidden
            data-testid="admin-lots-csv-input"
            onChange={(event) => void choose(event.target.files?.[0])}
          />
        </Button>
        {parsed ? (
          <Typography
            sx={{ typography: 'textMd', minWidth: 0, overflowWrap: 'anywhere' }}
            data-testid="admin-lots-csv-summary"
          >
            {t('lots.csv.parsed', {
              file: parsed.fileName,
              lots: formatNumber(parsed.lots.length),
              errors: formatNumber(parsed.errors.length),
            })}
          </Typography>
        ) : null}
        <Box sx={{ flex: 1 }} />
        {parsed ? (
          <Button color="inherit" onClick={reset} disabled={uploading}>
            {t('lots.csv.clear')}
          </Button>
        ) : null}
        <Button
          variant="contained"
          onClick={() => void start()}
          disabled={!parsed || parsed.lots.length === 0 || tooMany || uploading || upload?.done === true}
          data-testid="admin-lots-csv-upload"
        >
          {uploading
            ? t('lots.csv.uploading')
            : t(parsed?.lots.length === 1 ? 'lots.csv.uploadOne' : 'lots.csv.upload', {
                count: formatNumber(parsed?.lots.length ?? 0),
              })}
        </Button>
      </Box>

      {fileError ? (
        <Alert severity="error" sx={{ mt: 2 }}>
          {fileError}
        </Alert>
      ) : null}
      {tooMany ? (
        <Alert severity="error" sx={{ mt: 2 }}>
          {t('lots.csv.tooMany', { max: formatNumber(AUCTION_RULES.adminLotsMax) })}
        </Alert>
      ) : null}

      {parsed && parsed.errors.length > 0 ? (
        <Alert severity="warning" sx={{ mt: 2 }} data-testid="admin-lots-csv-errors">
          <Typography sx={{ typography: 'textMd', fontWeight: 600 }}>
            {t(parsed.errors.length === 1 ? 'lots.csv.rowErrorsOne' : 'lots.csv.rowErrors', {
              count: formatNumber(parsed.errors.length),
            })}
          </Typography>
          <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5, maxHeight: 220, overflowY: 'auto', typography: 'textSm' }}>
            {parsed.errors.slice(0, SHOWN_ERRORS).map((error) => (
              <li key={`${error.line}-${error.field ?? ''}-${error.message}`}>
                {t('lots.csv.rowError', { line: error.line, field: error.field ?? '—', message: errorText(error) })}
              </li>
            ))}
          </Box>
          {parsed.errors.length > SHOWN_ERRORS ? (
            <Typography sx={{ typography: 'textSm', mt: 0.5 }}>
              {t('lots.csv.moreErrors', { count: parsed.errors.length - SHOWN_ERRORS })}
            </Typography>
          ) : null}
        </Alert>
      ) : null}

      {upload ? (
        <Box sx={{ mt: 2 }}>
          <Box
            sx={{
              display: 'flex',
              justifyContent: 'space-between',
              typography: 'textSm',
              color: 'text.secondary',
              mb: 0.5,
            }}
          >
            <span>
              {t('lots.csv.progress', { sent: formatNumber(upload.sent), total: formatNumber(upload.total) })}
            </span>
            <span>{percent}%</span>
          </Box>
          <LinearProgress
            variant="determinate"
            value={percent}
            data-testid="admin-lots-progress"
            aria-label={t('lots.csv.progressLabel')}
            sx={{ height: 8, borderRadius: 4 }}
          />
        </Box>
      ) : null}

      {upload?.done ? (
        <Alert
          severity={upload.failures.length === 0 ? 'success' : upload.created > 0 ? 'warning' : 'error'}
          sx={{ mt: 2 }}
          data-testid="admin-lots-done"
          data-created={upload.created}
        >
          <Typography sx={{ typography: 'textMd', fontWeight: 600 }}>
            {t(upload.created === 1 ? 'lots.csv.doneOne' : 'lots.csv.done', { created: formatNumber(upload.created) })}
          </Typography>
          {upload.failures.map((failure) => (
            <Box key={failure.firstLine} sx={{ mt: 1, typography: 'textSm' }}>
              <div>
                {t('lots.csv.batchError', { from: failure.firstLine, to: failure.lastLine, message: failure.message })}
              </div>
              {failure.rows.length > 0 ? (
                <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                  {failure.rows.slice(0, SHOWN_ERRORS).map((row) => (
                    <li key={`${row.line}-${row.field}`}>
                      {t('lots.csv.rowError', { line: row.line, field: row.field || '—', message: row.message })}
                    </li>
                  ))}
                </Box>
              ) : null}
            </Box>
          ))}
        </Alert>
      ) : null}
    </SectionCard>
  );
}
