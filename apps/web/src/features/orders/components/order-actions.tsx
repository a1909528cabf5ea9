import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import PaymentsOutlined from '@mui/icons-material/PaymentsOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { useDownloadInvoice } from '../../../components/order-payment';
import type { OrderRow } from './order-row';

/** Pay (awaiting payment) and Download invoice (paid orders). */
export function OrderActions({
  row,
  onPay,
  fullWidth = false,
}: {
  row: OrderRow;
  onPay: (row: OrderRow) => void;
  fullWidth?: boolean;
}) {
  const { t } = useTranslation('orders');
  const download = useDownloadInvoice();
  const { order } = row;
  const showPay = order.status === 'awaiting_payment';
  if (!showPay && !order.hasInvoice) return null;

  return (
    <Box
      sx={{
        display: 'flex',
        gap: 1,
        flexWrap: 'wrap',
        justifyContent: fullWidth ? 'stretch' : 'flex-end',
        '& > *': fullWidth ? { flex: '1 1 0' } : {},
      }}
    >
      {showPay ? (
        <Button
          variant="contained"
          size="small"
          startIcon={<PaymentsOutlined />}
          disabled={!row.payable}
          onClick={() => onPay(row)}
          aria-label={t('actions.payOrder', { domain: order.domain })}
          sx={{ whiteSpace: 'nowrap', minHeight: 36 }}
        >
          {t('actions.pay')}
        </Button>
      ) : null}
      {order.hasInvoice ? (
        <Button
          variant="outlined"
          size="small"
          startIcon={<FileDownloadOutlined />}
          disabled={download.isPending}
          onClick={() => download.mutate(order.orderId, { onError: () => undefined })}
          aria-label={t('actions.invoiceFor', { domain: order.domain })}
          sx={{ whiteSpace: 'nowrap', minHeight: 36 }}
        >
          {download.isPending ? t('actions.downloading') : t('actions.invoice')}
        </Button>
      ) : null}
    </Box>
  );
}
