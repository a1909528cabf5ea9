import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { parsePage, parseTab } from './tabs.ts';

/** The tab and page of a console list, kept in the address (`?tab=&page=`) so a reload shows the same list. */
export function useTabParams<T extends string>(tabs: readonly T[]) {
  const [params, setParams] = useSearchParams();
  const tab = parseTab(params.get('tab'), tabs);
  const page = parsePage(params.get('page'));
  const setTab = useCallback(
    (next: T) =>
      setParams((current) => {
        const out = new URLSearchParams(current);
        if (next === tabs[0]) out.delete('tab');
        else out.set('tab', next);
        out.delete('page');
        return out;
      }),
    [setParams, tabs],
  );
  const setPage = useCallback(
    (next: number) =>
      setParams((current) => {
        const out = new URLSearchParams(current);
        if (next > 1) out.set('page', String(next));
        else out.delete('page');
        return out;
      }),
    [setParams],
  );
  return { tab, page, setTab, setPage };
}
