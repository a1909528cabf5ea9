/** Skeleton (issue 18): replaced by the page's own work. */
export function AuditPage() {
  return null;
}
