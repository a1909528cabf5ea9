import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import PaymentsOutlined from '@mui/icons-material/PaymentsOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { Order } from '@namebourse/contract';
import { useTranslation } from 'react-i18next';
import { useDownloadInvoice } from './download-invoice.ts';

/** The keys the buttons read from the page's namespace, under its `keyPrefix`. */
export const ORDER_ACTION_KEYS = ['pay', 'payFor', 'invoice', 'invoiceFor', 'downloading'] as const;

/** Pay (awaiting payment; disabled when it can no longer be paid) and Download invoice (paid orders). */
export function OrderActions({
  order,
  payable,
  onPay,
  fullWidth = false,
  ns,
  keyPrefix,
}: {
  order: Order;
  payable: boolean;
  onPay: () => void;
  /** Phones: the buttons share the card's width. */
  fullWidth?: boolean;
  /** The page's i18n namespace and the prefix of ORDER_ACTION_KEYS in it. */
  ns: string;
  keyPrefix: string;
}) {
  const { t } = useTranslation(ns, { keyPrefix });
  const download = useDownloadInvoice();
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
          disabled={!payable}
          onClick={onPay}
          aria-label={t('payFor', { domain: order.domain })}
          data-testid="order-pay"
          sx={{ whiteSpace: 'nowrap', minHeight: 36 }}
        >
          {t('pay')}
        </Button>
      ) : null}
      {order.hasInvoice ? (
        <Button
          variant="outlined"
          size="small"
          startIcon={<FileDownloadOutlined />}
          disabled={download.isPending}
          onClick={() => download.mutate(order.orderId, { onError: () => undefined })}
          aria-label={t('invoiceFor', { domain: order.domain })}
          data-testid="order-invoice"
          sx={{ whiteSpace: 'nowrap', minHeight: 36 }}
        >
          {download.isPending ? t('downloading') : t('invoice')}
        </Button>
      ) : null}
    </Box>
  );
}
