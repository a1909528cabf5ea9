/**
 * TanStack Query keys shared by more than one area: the roots a change in one area refreshes in another (a bid
 * or an exit moves funds; a payment moves orders, funds and messages). Each area builds its own keys under its
 * root in its `api/keys.ts`; a key only one area uses stays there.
 */
export const sharedKeys = {
  /** Everything of the funds area (balances, history, recharges, cards). */
  funds: ['funds'] as const,
  /** Everything of the orders area. */
  orders: ['orders'] as const,
  /**
   * Every message-centre query, the top bar's unread count included: invalidating it after marking messages read
   * (or after anything that sends a message, like paying an order) refreshes the bell as well.
   */
  messages: ['messages'] as const,
  /** The unread count of the top bar's bell and the message centre. */
  unreadCount: ['messages', 'unread-count'] as const,
};
