/**
 * RDAP status values (RFC 9083 §10.2.2, the EPP statuses of RFC 8056) this page names in both
 * languages; another value is shown as the registry wrote it.
 */
export const REGISTRY_STATUSES = [
  'active',
  'inactive',
  'locked',
  'client transfer prohibited',
  'server transfer prohibited',
  'client delete prohibited',
  'server delete prohibited',
  'client update prohibited',
  'server update prohibited',
  'client renew prohibited',
  'server renew prohibited',
  'client hold',
  'server hold',
  'auto renew period',
  'redemption period',
  'pending delete',
  'pending restore',
  'pending transfer',
  'pending renew',
  'pending update',
  'pending create',
  'add period',
  'renew period',
  'transfer period',
] as const;

/** The locale key of an RDAP status (`client transfer prohibited` → `client_transfer_prohibited`), or null. */
export function registryStatusKey(status: string): string | null {
  const value = status.trim().toLowerCase();
  return (REGISTRY_STATUSES as readonly string[]).includes(value) ? value.replace(/ /g, '_') : null;
}
