import Box from '@mui/material/Box';
import { domainReasonText } from '@namebourse/contract';
import { ErrorView } from '../../../components/api-feedback/index.ts';
import { isReportable } from '../../../components/mutation-error.tsx';
import { ApiError, isApiError } from '../../../lib/api-client.ts';
import { usePublicParameters } from '../../../lib/public-parameters.ts';
import { useLocale } from '../../../lib/use-locale.ts';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** The stored reason of a Domain.* error (`data.reason`), or null. */
export function reasonOf(error: unknown): string | null {
  if (!isApiError(error) || !isRecord(error.data)) return null;
  const reason = error.data.reason;
  return typeof reason === 'string' && reason ? reason : null;
}

/**
 * The error of a transfer action in place (spec §8): the error's message as the title ('Fast transfer failed',
 * 'Failed to re-request the transfer code') and the localized reason under it (too soon, locked, not in this
 * state, the registrar's words…), with the trace id. Nothing for what the pipeline answered itself.
 */
export function TransferError({ error, testId }: { error: unknown; testId?: string }) {
  const locale = useLocale();
  // The wait when the server's answer does not say it: the transfer-out wait parameter in force (the server's).
  const waitDays = usePublicParameters().data?.transferOutWaitDays;
  if (!isReportable(error)) return null;
  const reason = reasonOf(error);
  let shown = error;
  let title: string | undefined;
  if (reason && isApiError(error)) {
    const days = isRecord(error.data) && typeof error.data.days === 'number' ? error.data.days : undefined;
    const wait = days ?? waitDays;
    const text = domainReasonText(reason, locale, wait === undefined ? {} : { days: wait }) ?? reason;
    if (!error.message.includes(text)) {
      title = error.message;
      shown = new ApiError({
        code: error.code,
        message: text,
        data: error.data,
        traceId: error.traceId,
        status: error.status,
        kind: error.kind,
      });
    }
  }
  return (
    <Box sx={{ mt: 2 }} data-testid={testId}>
      <ErrorView error={shown} title={title} />
    </Box>
  );
}
