export { AttemptKeys, isUncertainFailure, payIntent } from './attempt-keys.ts';
export { downloadInvoice, useDownloadInvoice } from './download-invoice.ts';
export { ORDER_ACTION_KEYS, OrderActions } from './order-actions.tsx';
export { PAY_DIALOG_KEYS, PayDialog, type PayDialogProps } from './pay-dialog.tsx';
export {
  ORDERS_PATH,
  type PayInput,
  type PayResult,
  payOrders,
  useAvailableBalance,
  usePayOrders,
} from './pay-orders.ts';
export { PaymentControls } from './payment-controls.tsx';
export { SelectAllCheckbox, SelectOrderCheckbox } from './select-checkbox.tsx';
export { SELECTION_BAR_KEYS, SelectionBar, type SelectionBarProps } from './selection-bar.tsx';
export {
  keepPayable,
  type OrderPayments,
  PAID_KEYS,
  type PayRow,
  selectionTotal,
  toPayRows,
  useOrderPayments,
} from './use-order-payments.ts';
