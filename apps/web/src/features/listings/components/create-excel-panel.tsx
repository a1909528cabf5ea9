import DownloadRounded from '@mui/icons-material/DownloadRounded';
import UploadFileRounded from '@mui/icons-material/UploadFileRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import {
  ERROR_CATALOGUE,
  type ErrorCode,
  type ImportResult,
  LISTING_RULES,
  type ListingEndOption,
} from '@namebourse/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrorsOf, isApiError } from '../../../lib/api-client.ts';
import { formatNumber } from '../../../lib/format.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { sellerListingKeys } from '../api/get-listings.ts';
import { importExcel } from '../api/import-excel.ts';
import { downloadImportTemplate } from '../api/import-template.ts';
import { EXCEL_ACCEPT, excelProblem } from '../lib/create-lines.ts';
import { CreateEndOption } from './create-end-option.tsx';
import { ImportReport } from './import-report.tsx';

type Phase =
  | { step: 'pick' }
  | { step: 'uploading'; percent: number | null }
  | { step: 'report'; report: ImportResult };

/** The spec's file messages, from the error catalogue (same texts as the server's). */
const FILE_CODES: Record<'format' | 'size' | 'upload' | 'parse', ErrorCode> = {
  format: 'File.UnsupportedFormat',
  size: 'File.TooLarge',
  upload: 'File.UploadFailed',
  parse: 'File.ParseError',
};

/** The server's answer as one of the spec's file messages (its own message for the other business codes). */
function uploadErrorText(error: unknown, locale: 'zh-CN' | 'en-US'): string {
  const text = (kind: keyof typeof FILE_CODES) => ERROR_CATALOGUE[FILE_CODES[kind]][locale];
  if (!isApiError(error)) return text('upload');
  // The sheet could be read but not used (missing columns, no rows): say what, after 'File parsing error'.
  const fileField = fieldErrorsOf(error).file;
  if (error.code === 'Request.Invalid' && fileField) return `${text('parse')}: ${fileField}`;
  if (error.code === 'Request.UnsupportedMediaType' || error.code === 'File.UnsupportedFormat') return text('format');
  if (error.code === 'Request.PayloadTooLarge' || error.code === 'File.TooLarge' || error.status === 413)
    return text('size');
  if (error.code === 'Listing.FileParseError' || error.code === 'File.ParseError') return text('parse');
  if (error.code === 'Listing.TooManyRows' && error.message) return error.message;
  if (error.kind === 'envelope' && error.message && error.code.startsWith('Listing.')) return error.message;
  return text('upload');
}

/**
 * Excel listing: the template to download, a .xlsx picker checked before uploading (type, ≤ 2 MB), the upload with
 * its progress (then an indeterminate bar while the server reads it), and the same report as the line input.
 */
export function CreateExcelPanel() {
  const { t } = useTranslation('listings');
  const locale = useLocale();
  const queryClient = useQueryClient();
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [endOption, setEndOption] = useState<ListingEndOption>('3m');
  const [phase, setPhase] = useState<Phase>({ step: 'pick' });
  const [downloading, setDownloading] = useState(false);
  const progressId = useId();
  const inputId = useId();
  const problemId = useId();

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = event.target.files?.[0] ?? null;
    event.target.value = '';
    if (!picked) return;
    const wrong = excelProblem(picked);
    if (wrong) {
      setFile(null);
      setProblem(ERROR_CATALOGUE[FILE_CODES[wrong]][locale]);
      return;
    }
    setProblem(null);
    setFile(picked);
  };

  const upload = async () => {
    if (!file) return;
    setProblem(null);
    setPhase({ step: 'uploading', percent: 0 });
    try {
      const report = await importExcel(file, endOption, ({ loaded, total }) => {
        // Sent: the server now reads the rows, which the bar cannot measure.
        const percent = total > 0 ? Math.min(100, Math.round((loaded / total) * 100)) : null;
        setPhase({ step: 'uploading', percent: percent === 100 ? null : percent });
      });
      setPhase({ step: 'report', report });
      setFile(null);
      void queryClient.invalidateQueries({ queryKey: sellerListingKeys.all });
    } catch (error) {
      setProblem(uploadErrorText(error, locale));
      setPhase({ step: 'pick' });
    }
  };

  const template = async () => {
    setDownloading(true);
    try {
      await downloadImportTemplate();
    } catch {
      // The pipeline showed the error as a toast.
    } finally {
      setDownloading(false);
    }
  };

  if (phase.step === 'report') {
    return (
      <Box>
        <ImportReport report={phase.report} sheet />
        <Button variant="contained" sx={{ mt: 2 }} onClick={() => setPhase({ step: 'pick' })}>
          {t('excel.again')}
        </Button>
      </Box>
    );
  }

  const uploading = phase.step === 'uploading';
  return (
    <Box sx={{ display: 'grid', gap: 2 }} data-testid="create-excel">
      <Typography color="text.secondary" sx={{ typography: 'textMd', lineHeight: 1.7 }}>
        {t('excel.hint', {
          rows: formatNumber(LISTING_RULES.excelMaxRows),
          size: LISTING_RULES.excelMaxBytes / (1024 * 1024),
        })}
      </Typography>
      <Box>
        <Button variant="text" startIcon={<DownloadRounded />} onClick={() => void template()} disabled={downloading}>
          {t('excel.template')}
        </Button>
      </Box>
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          accept={EXCEL_ACCEPT}
          onChange={pick}
          hidden
          data-testid="excel-input"
          aria-describedby={problem ? problemId : undefined}
        />
        <Button
          variant="outlined"
          startIcon={<UploadFileRounded />}
          onClick={() => inputRef.current?.click()}
          disabled={uploading}
        >
          {t('excel.choose')}
        </Button>
        <Typography sx={{ typography: 'textMd', overflowWrap: 'anywhere' }} data-testid="excel-file">
          {file
            ? t('excel.picked', { name: file.name, size: Math.max(1, Math.round(file.size / 1024)) })
            : t('excel.none')}
        </Typography>
      </Box>
      {problem ? (
        <Alert severity="error" role="alert" id={problemId} data-testid="excel-problem">
          {problem}
        </Alert>
      ) : null}
      {uploading ? (
        <Box>
          <Typography sx={{ typography: 'textMd', mb: 1 }} id={progressId}>
            {phase.percent === null ? t('excel.processing') : t('excel.uploading', { percent: phase.percent })}
          </Typography>
          {phase.percent === null ? (
            <LinearProgress aria-labelledby={progressId} />
          ) : (
            <LinearProgress variant="determinate" value={phase.percent} aria-labelledby={progressId} />
          )}
        </Box>
      ) : null}
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
        <CreateEndOption value={endOption} onChange={setEndOption} disabled={uploading} />
        <Button variant="contained" onClick={() => void upload()} disabled={!file || uploading}>
          {t('excel.upload')}
        </Button>
      </Box>
    </Box>
  );
}
