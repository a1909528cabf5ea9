import { usePageHead } from './page-head.tsx';

/** Sets the page's title ("<page> - <brand>", the brand alone without a page); see usePageHead for the rest. */
export function usePageTitle(page: string | undefined): void {
  usePageHead({ title: page });
}
