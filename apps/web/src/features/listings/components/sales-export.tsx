import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { SellerSalesQuery } from '@namebourse/contract';
import { SELLER_EXPORT_FORMATS } from '@namebourse/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { showToast } from '../../../lib/feedback-store.ts';
import { type SellerExportFormat, type SellerExportKind, useExportSellerSales } from '../api/export-seller-sales.ts';

/**
 * "Export CSV" / "Export XLSX" of the sold domains (with the list's filters) or of the statistics: the file is
 * downloaded under the server's name; a failure says 'Export failed, please try again later' in place.
 */
export function SalesExport({
  kind,
  filter,
  disabled = false,
}: {
  kind: SellerExportKind;
  filter?: Partial<SellerSalesQuery>;
  disabled?: boolean;
}) {
  const { t } = useTranslation('seller-sales');
  const exporter = useExportSellerSales();
  const [running, setRunning] = useState<SellerExportFormat | null>(null);
  const [failed, setFailed] = useState(false);

  const run = async (format: SellerExportFormat) => {
    if (running) return;
    setFailed(false);
    setRunning(format);
    try {
      const result = await exporter.mutateAsync({ kind, format, ...(filter ? { filter } : {}) });
      if (result.saved) showToast(t('export.done', { filename: result.filename }), 'success');
    } catch {
      setFailed(true);
    } finally {
      setRunning(null);
    }
  };

  return (
    <Box sx={{ display: 'grid', gap: 1, justifyItems: 'start' }} data-testid={`${kind}-export`}>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }} aria-busy={running !== null}>
        {SELLER_EXPORT_FORMATS.map((format) => (
          <Button
            key={format}
            variant="outlined"
            size="small"
            disabled={disabled || running !== null}
            onClick={() => void run(format)}
            startIcon={
              running === format ? <LoadingSpinner decorative size={16} color="inherit" /> : <FileDownloadOutlined />
            }
            data-testid={`${kind}-export-${format}`}
          >
            {t(`export.${format}`)}
          </Button>
        ))}
      </Box>
      {running ? (
        <Box role="status" aria-live="polite" sx={{ typography: 'textSm', color: 'text.secondary' }}>
          {t('export.running')}
        </Box>
      ) : null}
      {failed ? (
        <Alert severity="error" onClose={() => setFailed(false)} data-testid={`${kind}-export-failed`}>
          {t('export.failed')}
        </Alert>
      ) : null}
    </Box>
  );
}
