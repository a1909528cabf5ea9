import type { ErrorCode } from './errors.ts';

/** envelope: the constants and rules that need no schema (pages import them without zod; see envelope.ts). */

/** Success code of the envelope (spec §8): the string '200'. */
export const SUCCESS_CODE = '200';

export interface Envelope<T> {
  code: string;
  message: string;
  data: T;
  traceId?: string;
}

export interface ErrorEnvelope<D = unknown> {
  code: ErrorCode | string;
  message: string;
  data: D | null;
  traceId: string;
}

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}
