import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/** Search parameters to set; an empty or null value removes the parameter. */
export type SearchPatch = Record<string, string | null | undefined>;

/** Sets the patched parameters on a copy of `current`, keeping the others. */
export function patchSearch(current: URLSearchParams, patch: SearchPatch): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const [name, value] of Object.entries(patch)) {
    if (value) next.set(name, value);
    else next.delete(name);
  }
  return next;
}

/**
 * The address's search parameters and a function that changes some of them, keeping the rest (list
 * filters and pages live in the address, so a reload or a shared link shows the same list).
 */
export function useSearchPatch(): [URLSearchParams, (patch: SearchPatch) => void] {
  const [params, setParams] = useSearchParams();
  const update = useCallback((patch: SearchPatch) => setParams((current) => patchSearch(current, patch)), [setParams]);
  return [params, update];
}
