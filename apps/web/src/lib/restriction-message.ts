/** The code of a refused action of a restricted account (spec §8 'Your account is restricted with limited functionality'). */
export const RESTRICTED_CODE = 'Account.Restricted';

/**
 * The message to show for an error: for Account.Restricted, the catalogue's text followed by the operator's
 * reason from the error's data, so the person refused knows why (the console banner tells the rest).
 */
export function withRestrictionReason(code: string, message: string, data: unknown): string {
  if (code !== RESTRICTED_CODE || typeof data !== 'object' || data === null) return message;
  const reason = (data as { reason?: unknown }).reason;
  if (typeof reason !== 'string' || reason.trim() === '') return message;
  const separator = /[\u3400-\u9fff]/.test(message) ? '：' : ': ';
  return `${message.replace(/[。.]$/, '')}${separator}${reason.trim()}`;
}
