/** An outgoing SMS. `code` is the verification code it carries, if any (kept in the outbox for the dev tools). */
export interface SmsMessage {
  /** E.164, e.g. `+8613812345678`. */
  to: string;
  text: string;
  code?: string;
}

/**
 * The SMS port (DESIGN.md §3). Like a real gateway, `send` resolves once the message is accepted
 * (with the gateway's message id); delivery happens afterwards. A refused send throws
 * `Verification.SendFailed`; a number that is not E.164 throws `Verification.MobileInvalid`.
 */
export interface SmsSender {
  send(msg: SmsMessage): Promise<{ messageId: string }>;
}
