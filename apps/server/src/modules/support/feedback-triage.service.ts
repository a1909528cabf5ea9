import {
  type AdminFeedback,
  type AdminFeedbackDetail,
  type AdminFeedbackQuery,
  FEEDBACK_SLA_HOURS,
  FEEDBACK_TRANSITIONS,
  type FeedbackReplyRequest,
  type FeedbackStatus,
  type Locale,
  type Page,
} from '@namebourse/contract';
import type { App } from '../../platform/app-context.ts';
import type { AuthUser } from '../../platform/auth.ts';
import { AppError } from '../../platform/errors.ts';
import { pageOf, windowOf } from '../../platform/paging.ts';
import { assertTransition } from '../../platform/transitions.ts';
import { getUsersByIds } from '../account/account.service.ts';
import { recordAudit } from '../admin/audit.service.ts';
import { renderFeedbackReplyMail } from './feedback-triage.mail.ts';
import { presentAdminFeedback, presentFeedbackReply } from './support.presenter.ts';
import {
  type FeedbackRow,
  findFeedbackByNo,
  findFeedbackForUpdate,
  insertFeedbackReply,
  listFeedbackReplies,
  listFeedbackRows,
  updateFeedbackStatusIf,
} from './support.repository.ts';

/**
 * Contact-us triage (issue 18): operators (support, admin) work through the submissions of
 * /api/general/service/feedback: a queue with filters and ages, a reply e-mailed to the sender in the language
 * they wrote in and kept with the submission (open → replied), and closing. Status changes go through
 * FEEDBACK_TRANSITIONS; every action is audited.
 */

const ENTITY = 'feedback';
type Operator = Pick<AuthUser, 'id' | 'role'>;

/** Seconds since it was sent, and whether it has waited for an answer longer than the SLA. */
function ageOf(row: FeedbackRow, now: Date): { ageSeconds: number; overdue: boolean } {
  const ageSeconds = Math.max(0, Math.floor((now.getTime() - row.createdAt.getTime()) / 1000));
  return { ageSeconds, overdue: row.status === 'open' && ageSeconds > FEEDBACK_SLA_HOURS * 3600 };
}

/** GET /api/admin/feedback: open ones oldest first by default; `status=all` for every one, newest first. */
export async function listFeedbackQueue(
  app: Pick<App, 'platform'>,
  query: AdminFeedbackQuery & { page: number; pageSize: number },
): Promise<Page<AdminFeedback>> {
  const now = app.platform.clock.now();
  const status = query.status === 'all' ? undefined : (query.status ?? 'open');
  const slice = await listFeedbackRows(
    app.platform.db,
    { status, category: query.category, q: query.q },
    windowOf(query),
  );
  return pageOf(query, slice, (row) => presentAdminFeedback(row, row.replyCount, ageOf(row, now)));
}

async function detailOf(app: Pick<App, 'platform'>, row: FeedbackRow): Promise<AdminFeedbackDetail> {
  const replies = await listFeedbackReplies(app.platform.db, row.id);
  const operators = await getUsersByIds(
    app,
    replies.flatMap((r) => (r.operatorId === null ? [] : [r.operatorId])),
  );
  return {
    ...presentAdminFeedback(row, replies.length, ageOf(row, app.platform.clock.now())),
    replies: replies.map((reply) =>
      presentFeedbackReply(
        reply,
        reply.operatorId === null ? null : (operators.get(reply.operatorId.toString())?.accountNo ?? null),
      ),
    ),
  };
}

/** GET /api/admin/feedback/:id: the submission with its replies. */
export async function getFeedbackDetail(app: Pick<App, 'platform'>, feedbackNo: string): Promise<AdminFeedbackDetail> {
  const row = await findFeedbackByNo(app.platform.db, feedbackNo);
  if (!row) throw new AppError('Feedback.NotFound');
  return detailOf(app, row);
}

function asLocale(value: string): Locale {
  return value === 'zh-CN' ? 'zh-CN' : 'en-US';
}

/**
 * POST /api/admin/feedback/:id/reply: e-mails the reply to the sender (subject and greeting in the submission's
 * language), then keeps it with the submission and marks it replied, audited, in one transaction. The mail goes
 * first: when it cannot be sent nothing is recorded and the operator may try again. A reply that went out is always
 * kept, even when another operator closed the message meanwhile (it then stays closed).
 */
export async function replyToFeedback(
  app: Pick<App, 'platform'>,
  operator: Operator,
  feedbackNo: string,
  request: FeedbackReplyRequest,
): Promise<AdminFeedbackDetail> {
  const { db, clock, mailer, config } = app.platform;
  const before = await findFeedbackByNo(db, feedbackNo);
  if (!before) throw new AppError('Feedback.NotFound');
  assertTransition(FEEDBACK_TRANSITIONS, before.status, 'replied', 'Feedback.InvalidTransition');

  const mail = renderFeedbackReplyMail(asLocale(before.locale), {
    feedbackNo: before.feedbackNo,
    name: before.name,
    sentAt: before.createdAt,
    original: before.content,
    reply: request.body,
    siteUrl: config.publicUrl,
  });
  try {
    await mailer.send({ to: before.email, subject: mail.subject, text: mail.text, html: mail.html });
  } catch (err) {
    // The mailer has recorded the failure in the outbox; nothing is kept, so the operator can send it again.
    throw new AppError('Feedback.SendFailed', { cause: err });
  }

  const now = clock.now();
  const row = await db.transaction(async (tx) => {
    const current = await findFeedbackForUpdate(tx, feedbackNo);
    if (!current) throw new AppError('Feedback.NotFound');
    await insertFeedbackReply(tx, {
      feedbackId: current.id,
      operatorId: operator.id,
      body: request.body,
      createdAt: now,
    });
    // Closed by another operator while the mail went: the sender has the reply, so it is kept all the same,
    // and the message stays closed.
    if (current.status === 'closed') {
      await recordAudit(tx, {
        entityType: ENTITY,
        entityId: current.feedbackNo,
        action: 'reply',
        fromStatus: current.status,
        toStatus: current.status,
        actor: operator,
        now,
      });
      return current;
    }
    assertTransition(FEEDBACK_TRANSITIONS, current.status, 'replied', 'Feedback.InvalidTransition');
    const updated = await updateFeedbackStatusIf(tx, current.id, current.status, 'replied', now);
    if (!updated) throw new AppError('Feedback.InvalidTransition', { data: { from: current.status, to: 'replied' } });
    await recordAudit(tx, {
      entityType: ENTITY,
      entityId: current.feedbackNo,
      action: 'reply',
      fromStatus: current.status,
      toStatus: 'replied',
      actor: operator,
      now,
    });
    return updated;
  });
  return detailOf(app, row);
}

/** POST /api/admin/feedback/:id/close: nothing more to do (with or without a reply); audited. */
export async function closeFeedback(
  app: Pick<App, 'platform'>,
  operator: Operator,
  feedbackNo: string,
): Promise<AdminFeedbackDetail> {
  const { db, clock } = app.platform;
  const now = clock.now();
  const to: FeedbackStatus = 'closed';
  const row = await db.transaction(async (tx) => {
    const current = await findFeedbackForUpdate(tx, feedbackNo);
    if (!current) throw new AppError('Feedback.NotFound');
    assertTransition(FEEDBACK_TRANSITIONS, current.status, to, 'Feedback.InvalidTransition');
    const updated = await updateFeedbackStatusIf(tx, current.id, current.status, to, now);
    if (!updated) throw new AppError('Feedback.InvalidTransition', { data: { from: current.status, to } });
    await recordAudit(tx, {
      entityType: ENTITY,
      entityId: current.feedbackNo,
      action: 'close',
      fromStatus: current.status,
      toStatus: to,
      actor: operator,
      now,
    });
    return updated;
  });
  return detailOf(app, row);
}
