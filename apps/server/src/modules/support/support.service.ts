import { randomInt } from 'node:crypto';
import type { FeedbackRequest, Locale } from '@namebourse/contract';
import type { DbOrTx } from '../../db/open-database.ts';
import type { Clock } from '../../platform/clock.ts';
import { type FeedbackRow, insertFeedbackIfAbsent } from './support.repository.ts';

/** Who sends the message: a signed-in account, or null for a visitor. */
export type FeedbackActor = { accountNo: string } | null;

export interface FeedbackContext {
  locale: Locale;
  ip: string | null;
  traceId: string;
}

/** 'FB' + the UTC date (YYYYMMDD) + 6 random digits, e.g. FB20260105042317. */
export function newFeedbackNo(now: Date): string {
  const date = now.toISOString().slice(0, 10).replaceAll('-', '');
  return `FB${date}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
}

/** Stores a contact-us message (the body is already validated by FeedbackRequestSchema). */
export async function submitFeedback(
  db: DbOrTx,
  clock: Clock,
  actor: FeedbackActor,
  input: FeedbackRequest,
  context: FeedbackContext,
): Promise<FeedbackRow> {
  const now = clock.now();
  for (let attempt = 0; attempt < 8; attempt++) {
    const row = await insertFeedbackIfAbsent(db, {
      feedbackNo: newFeedbackNo(now),
      name: input.name,
      email: input.email.trim().toLowerCase(),
      category: input.category,
      content: input.content,
      locale: context.locale,
      ip: context.ip,
      userAccountNo: actor?.accountNo ?? null,
      traceId: context.traceId,
      createdAt: now,
    });
    if (row) return row;
  }
  throw new Error('Could not allocate a unique feedback number');
}
