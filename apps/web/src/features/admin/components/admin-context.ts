import type { Operator } from '@namebourse/contract';
import { useOutletContext } from 'react-router';

/** What the console layout hands to its pages. */
export interface AdminContext {
  operator: Operator;
}

/** The signed-in operator, inside the console's pages. */
export function useAdminOperator(): Operator {
  return useOutletContext<AdminContext>().operator;
}
