import { type ParameterChange, ParameterChangeSchema } from '@namebourse/contract';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { parameterKeys } from './get-parameters.ts';

export const parameterHistoryPath = (key: string) => `/admin/parameters/${encodeURIComponent(key)}/history`;

const ChangesSchema = z.array(ParameterChangeSchema);

/** GET /api/admin/parameters/:key/history (admin): who changed it, when, from what to what and why; newest first. */
export async function getParameterHistory(key: string, signal?: AbortSignal): Promise<ParameterChange[]> {
  return ChangesSchema.parse(
    await api.get<unknown>(parameterHistoryPath(key), undefined, { errorMode: 'message', signal }),
  );
}

export function useParameterHistory(key: string, enabled: boolean) {
  return useQuery({
    queryKey: parameterKeys.history(key),
    queryFn: ({ signal }) => getParameterHistory(key, signal),
    enabled,
    staleTime: 0,
  });
}
