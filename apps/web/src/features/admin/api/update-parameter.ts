import { type Parameter, ParameterSchema, type UpdateParameterRequest } from '@namebourse/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { publicParametersKey } from '../../../lib/public-parameters.ts';
import { parameterKeys } from './get-parameters.ts';

export const updateParameterPath = (key: string) => `/admin/parameters/${encodeURIComponent(key)}`;

export interface UpdateParameterInput {
  key: string;
  body: UpdateParameterRequest;
}

/**
 * POST /api/admin/parameters/:key (admin, MFA-guarded: the request pipeline asks for the code and sends it again).
 * The answer is the parameter as it is now; older servers answer nothing, which is fine as the list refreshes.
 */
export async function updateParameter({ key, body }: UpdateParameterInput): Promise<Parameter | null> {
  const data = await api.post<unknown>(updateParameterPath(key), body, { errorMode: 'message' });
  const parsed = ParameterSchema.safeParse(data);
  return parsed.success ? parsed.data : null;
}

export function useUpdateParameter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateParameter,
    // The list, this parameter's history and the numbers the pages of this tab show.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: parameterKeys.all }),
        queryClient.invalidateQueries({ queryKey: publicParametersKey }),
      ]),
  });
}
