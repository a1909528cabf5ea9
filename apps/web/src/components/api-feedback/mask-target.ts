import type { MfaMethod } from '@namebourse/contract';

/** Masks an MFA target for display; a target the server already masked (contains '*') is kept. */
export function maskTarget(method: MfaMethod, target: string): string {
  const value = target.trim();
  if (!value || value.includes('*') || method === 'AUTHENTICATOR') return value;
  if (method === 'EMAIL') {
    const at = value.lastIndexOf('@');
    if (at <= 0) return value;
    const local = value.slice(0, at);
    return `${local.slice(0, Math.min(2, local.length - 1) || 1)}***${value.slice(at)}`;
  }
  const digits = value.replace(/\s+/g, '');
  if (digits.length <= 7) return `${digits.slice(0, 1)}***${digits.slice(-2)}`;
  return `${digits.slice(0, 3)}****${digits.slice(-4)}`;
}
