import { PayDialog } from './pay-dialog.tsx';
import { SelectionBar, type SelectionBarProps } from './selection-bar.tsx';
import type { OrderPayments } from './use-order-payments.ts';

/** Under a list that pays orders: the selection bar (while orders are chosen) and the pay dialog. */
export function PaymentControls<T>({
  payments,
  ns,
  amountIn,
}: {
  payments: OrderPayments<T>;
  ns: string;
  amountIn: SelectionBarProps['amountIn'];
}) {
  return (
    <>
      {payments.total.count > 0 ? (
        <SelectionBar
          count={payments.total.count}
          amountCents={payments.total.amountCents}
          onClear={payments.clearSelection}
          onPay={payments.paySelected}
          ns={ns}
          amountIn={amountIn}
        />
      ) : null}
      <PayDialog
        orders={payments.paying}
        pending={payments.pending}
        onClose={payments.closeDialog}
        onConfirm={() => void payments.confirm()}
        ns={ns}
      />
    </>
  );
}
