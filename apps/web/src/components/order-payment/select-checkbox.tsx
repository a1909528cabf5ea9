import Checkbox from '@mui/material/Checkbox';
import type { PayRow } from './use-order-payments.ts';

/** The checkbox that chooses one order to pay with others; nothing when the order cannot be paid now. */
export function SelectOrderCheckbox({
  row,
  checked,
  onToggle,
  label,
  inCard = false,
}: {
  row: PayRow<unknown>;
  checked: boolean;
  onToggle: (orderId: string, checked: boolean) => void;
  label: string;
  /** Phones: pulled into the card's corner. */
  inCard?: boolean;
}) {
  if (!row.payable) return null;
  return (
    <Checkbox
      size="small"
      checked={checked}
      onChange={(_event, value) => onToggle(row.order.orderId, value)}
      sx={inCard ? { ml: -1, mt: -0.75 } : undefined}
      slotProps={{ input: { 'aria-label': label, 'data-testid': 'select-order' } as object }}
    />
  );
}

/** The table header's checkbox: every payable order of the page, or none (disabled when none can be paid). */
export function SelectAllCheckbox({
  rows,
  selected,
  onToggleAll,
  label,
}: {
  rows: readonly PayRow<unknown>[];
  selected: ReadonlySet<string>;
  onToggleAll: (checked: boolean) => void;
  label: string;
}) {
  const payable = rows.filter((row) => row.payable);
  const chosen = payable.filter((row) => selected.has(row.order.orderId)).length;
  return (
    <Checkbox
      size="small"
      disabled={payable.length === 0}
      checked={payable.length > 0 && chosen === payable.length}
      indeterminate={chosen > 0 && chosen < payable.length}
      onChange={(_event, checked) => onToggleAll(checked)}
      slotProps={{ input: { 'aria-label': label } as object }}
    />
  );
}
