import { useTranslation } from 'react-i18next';
import { failureReasonKey } from '../lib/failure-reason.ts';

/** Why a top-up failed, in the UI language (a reason the page does not know is shown as the provider wrote it). */
export function FailureReasonText({ reason }: { reason: string | null }) {
  const { t } = useTranslation('funds');
  const key = failureReasonKey(reason);
  return <>{key ? t(key) : reason}</>;
}
