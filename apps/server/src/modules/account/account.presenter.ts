import type { SessionItem } from '@namebourse/contract';
import type { SessionView } from './session.service.ts';

/** A session of the security centre → its contract shape, every field listed. */
export function presentSession(view: SessionView): SessionItem {
  return {
    id: view.id,
    deviceFingerprint: view.deviceFingerprint,
    userAgent: view.userAgent,
    ip: view.ip,
    createdAt: view.createdAt.toISOString(),
    lastUsedAt: view.lastUsedAt.toISOString(),
    isCurrent: view.isCurrent,
  };
}
