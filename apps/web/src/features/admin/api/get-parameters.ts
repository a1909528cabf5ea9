import { type Parameter, ParameterSchema } from '@namebourse/contract';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { useLocale } from '../../../lib/use-locale.ts';

export const ADMIN_PARAMETERS_PATH = '/admin/parameters';

/** Query keys of the parameters section (under the console's ['admin'] root). */
export const parameterKeys = {
  all: ['admin', 'parameters'] as const,
  /** The descriptions come in the reader's language: one list per language. */
  list: (locale: string) => ['admin', 'parameters', 'list', locale] as const,
  history: (key: string) => ['admin', 'parameters', 'history', key] as const,
};

const ParametersSchema = z.array(ParameterSchema);

/** GET /api/admin/parameters (admin): every parameter with its value, default, bounds and last change. */
export async function getAdminParameters(signal?: AbortSignal): Promise<Parameter[]> {
  return ParametersSchema.parse(
    await api.get<unknown>(ADMIN_PARAMETERS_PATH, undefined, { errorMode: 'message', signal }),
  );
}

export function useAdminParameters() {
  const locale = useLocale();
  return useQuery({
    queryKey: parameterKeys.list(locale),
    queryFn: ({ signal }) => getAdminParameters(signal),
    staleTime: 0,
  });
}
