import type { WonAuction } from '@namebourse/contract';
import type { PayRow } from '../../../components/order-payment/index.ts';

/** A won lot as the list shows it at one moment: the time left to pay its order and whether it can be paid now. */
export type WonRow = PayRow<WonAuction>;

export const orderOfWon = (won: WonAuction) => won.order;
