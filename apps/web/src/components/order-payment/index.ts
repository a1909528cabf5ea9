export { AttemptKeys, isUncertainFailure, payIntent } from './attempt-keys';
export { downloadInvoice, useDownloadInvoice } from './download-invoice';
export { ORDER_ACTION_KEYS, OrderActions } from './order-actions';
export { PAY_DIALOG_KEYS, PayDialog, type PayDialogProps } from './pay-dialog';
export {
  ORDERS_PATH,
  type PayInput,
  type PayResult,
  payOrders,
  useAvailableBalance,
  usePayOrders,
} from './pay-orders';
export { PaymentControls } from './payment-controls';
export { SelectAllCheckbox, SelectOrderCheckbox } from './select-checkbox';
export { SELECTION_BAR_KEYS, SelectionBar, type SelectionBarProps } from './selection-bar';
export {
  keepPayable,
  type OrderPayments,
  PAID_KEYS,
  type PayRow,
  selectionTotal,
  toPayRows,
  useOrderPayments,
} from './use-order-payments';
