import type { ParameterKey, ParameterValues } from '@namebourse/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from './api-client.ts';

/**
 * The business numbers pages show (fee rates, the deposit rule, the commission, the tax rate, minimums, waits), as
 * the server holds them now (issue 18: operators change them in /admin/parameters; the pages never carry a copy).
 * One query for the whole app, `GET /api/parameters/public` (no sign-in); public pages fetch it in their server
 * render too (`publicParametersQuery()` in their ssr-data), so the first view already shows the numbers.
 */

export const PUBLIC_PARAMETERS_PATH = '/parameters/public';

/** The public parameters the web shows: all of the registry's (a test checks), all numbers (cents, bps, days, rows). */
export const SHOWN_PUBLIC_PARAMETERS = [
  'rechargeFeeCardBps',
  'rechargeFeeAlipayBps',
  'settlementFeeCents',
  'settlementMinCents',
  'exportMaxRows',
  'depositMinCents',
  'depositRateBps',
  'commissionBps',
  'taxRateBps',
  'externalDeliveryDays',
  'transferOutWaitDays',
  'authCodeLifetimeDays',
  'apiAccessSpentCents',
  'apiAccessAvailableCents',
] as const satisfies readonly ParameterKey[];
export type ShownPublicParameter = (typeof SHOWN_PUBLIC_PARAMETERS)[number];

export type PublicParameterValues = Pick<ParameterValues, ShownPublicParameter>;

const PublicParameterValuesSchema = z.object(
  Object.fromEntries(SHOWN_PUBLIC_PARAMETERS.map((key) => [key, z.number().int()])) as Record<
    ShownPublicParameter,
    z.ZodNumber
  >,
);

export const publicParametersKey = ['parameters', 'public'] as const;

/** GET /api/parameters/public: the values of the public parameters (extra keys are ignored). */
export async function getPublicParameters(signal?: AbortSignal): Promise<PublicParameterValues> {
  const data = await api.get<unknown>(PUBLIC_PARAMETERS_PATH, undefined, { errorMode: 'silent', signal });
  return PublicParameterValuesSchema.parse(data);
}

/** The query of the public parameters: fresh for a minute (an operator's change shows on the next visit after it). */
export function publicParametersQuery() {
  return queryOptions({
    queryKey: publicParametersKey,
    queryFn: ({ signal }) => getPublicParameters(signal),
    staleTime: 60_000,
  });
}

/** The public parameters; `data` is undefined while they load (show a placeholder, never a number from the bundle). */
export function usePublicParameters() {
  return useQuery(publicParametersQuery());
}
