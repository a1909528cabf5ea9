import type { Order } from '@namebourse/contract';
import type { PayRow } from '../../../components/order-payment/index.ts';

/** An order as the list shows it at one moment: the time left to pay and whether it can be paid. */
export type OrderRow = PayRow<Order>;

export const orderOfRow = (order: Order) => order;
