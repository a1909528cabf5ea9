/** An outgoing e-mail. `code` is the verification code it carries, if any (kept in the outbox for the dev tools). */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  code?: string;
  /** Extra headers (e.g. RFC 8058 `List-Unsubscribe` and `List-Unsubscribe-Post`). */
  headers?: Record<string, string>;
}

/**
 * The mail port (DESIGN.md §3). Every message is recorded in the outbox; with SMTP configured it
 * is also delivered, and a delivery failure throws `Verification.SendFailed` after being recorded.
 */
export interface Mailer {
  send(msg: MailMessage): Promise<void>;
  close(): Promise<void>;
}
