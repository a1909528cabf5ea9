import type { SavedFilter, SaveFilterRequest } from '@namebourse/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { auctionKeys } from './keys.ts';

export const SAVED_FILTERS_PATH = '/saved-filters';
const savedFilterPath = (id: string) => `${SAVED_FILTERS_PATH}/${encodeURIComponent(id)}`;

/** GET /api/saved-filters → my saved filters (a list, or a page of them). */
export async function getSavedFilters(signal?: AbortSignal): Promise<SavedFilter[]> {
  const data = await api.get<SavedFilter[] | { items: SavedFilter[] }>(SAVED_FILTERS_PATH, undefined, {
    errorMode: 'silent',
    signal,
  });
  return Array.isArray(data) ? data : (data?.items ?? []);
}

export function useSavedFilters(enabled: boolean) {
  return useQuery({
    queryKey: auctionKeys.savedFilters(),
    queryFn: ({ signal }) => getSavedFilters(signal),
    enabled,
  });
}

/** POST /api/saved-filters { name, filter }. */
export function createSavedFilter(body: SaveFilterRequest): Promise<SavedFilter> {
  return api.post<SavedFilter>(SAVED_FILTERS_PATH, body, { errorMode: 'silent' });
}

/** PATCH /api/saved-filters/:id { name }. */
export function renameSavedFilter({ id, name }: { id: string; name: string }): Promise<SavedFilter> {
  return api.request<SavedFilter>(
    { method: 'PATCH', path: savedFilterPath(id), body: { name } },
    { errorMode: 'silent' },
  );
}

/** DELETE /api/saved-filters/:id. */
export function deleteSavedFilter(id: string): Promise<unknown> {
  return api.delete(savedFilterPath(id));
}

function useSavedFilterMutation<I, O>(mutationFn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: auctionKeys.savedFilters() }),
  });
}

export const useCreateSavedFilter = () => useSavedFilterMutation(createSavedFilter);
export const useRenameSavedFilter = () => useSavedFilterMutation(renameSavedFilter);
export const useDeleteSavedFilter = () => useSavedFilterMutation(deleteSavedFilter);
