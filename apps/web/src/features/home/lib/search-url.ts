/** The domain-bidding page (spec §2) that the home search box opens. */
export const SALE_PATH = '/sale';

/** `/sale?keyword=<kw>` for a trimmed keyword; `/sale` when nothing was typed. */
export function saleSearchPath(keyword: string | null | undefined): string {
  const trimmed = (keyword ?? '').trim();
  if (!trimmed) return SALE_PATH;
  return `${SALE_PATH}?${new URLSearchParams({ keyword: trimmed }).toString()}`;
}
