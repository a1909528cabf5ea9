import type { Locale } from '@namebourse/contract';
import { MutationError } from '../../../components/mutation-error.tsx';
import { ApiError, isApiError } from '../../../lib/api-client.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { errorReasonText } from '../lib/operations.ts';

/** The error's localized message with its `data.reason` after it ('Failed to update transfer lock status: …'). */
export function domainErrorText(error: unknown, locale: Locale): string {
  if (!isApiError(error)) return error instanceof Error ? error.message : String(error);
  const reason = errorReasonText(error.data, locale);
  return reason && reason !== error.message ? `${error.message}: ${reason}` : error.message;
}

/** A Domain.* error with its reason, as the same error (trace id kept) for the error view. */
export function withReason(error: unknown, locale: Locale): unknown {
  if (!isApiError(error) || errorReasonText(error.data, locale) === null) return error;
  return new ApiError({
    code: error.code,
    message: domainErrorText(error, locale),
    data: error.data,
    ...(error.traceId ? { traceId: error.traceId } : {}),
    status: error.status,
    kind: error.kind,
  });
}

/** MutationError that also says why (the reason catalogue), hidden for what the pipeline answered itself. */
export function DomainMutationError({ error }: { error: unknown }) {
  const locale = useLocale();
  // The pipeline's own answers (recharge prompt, cancelled MFA) are left as they are: MutationError hides them.
  return <MutationError error={isApiError(error) && error.data ? withReason(error, locale) : error} />;
}
