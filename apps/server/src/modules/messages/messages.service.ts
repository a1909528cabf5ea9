import { emailCategoryOf, isRowIdText, type Message, type MessageKind, type Page } from '@namebourse/contract';
import type { DbOrTx } from '../../db/open-database.ts';
import type { App } from '../../platform/app-context.ts';
import { AppError } from '../../platform/errors.ts';
import { pageOf, windowOf } from '../../platform/paging.ts';
import { readSettings } from '../profile/profile.service.ts';
import { presentMessage } from './messages.presenter.ts';
import {
  countUnreadMessages,
  findOwnMessageIds,
  insertMessage,
  insertMessages,
  listMessageRows,
  markMessagesRead,
  type NewMessageRow,
} from './messages.repository.ts';
import type { Reader } from './messages.templates.ts';

export interface NotifyInput {
  userId: bigint;
  kind: MessageKind;
  /** Values the title/body templates use (amounts in cents, ids, domain names, reasons). */
  params?: Record<string, string | number | null>;
  /** A console path the message leads to. */
  link?: string | null;
  /** The same notice is sent once per key (e.g. `settlement:S1:success`). */
  dedupeKey?: string | null;
  now: Date;
}

/**
 * The row a notice becomes. A kind that is e-mailed (notifications.ts `emailCategoryOf`) starts
 * `pending`: the mail sweeper (messages.mail.service.ts) then sends it, keeps it for the digest or
 * skips it by the user's switches as they are when it runs.
 */
function messageValues(input: NotifyInput): NewMessageRow {
  return {
    userId: input.userId,
    kind: input.kind,
    params: input.params ?? {},
    link: input.link ?? null,
    dedupeKey: input.dedupeKey ?? null,
    createdAt: input.now,
    emailStatus: emailCategoryOf(input.kind) === null ? null : 'pending',
  };
}

/** Puts a notice in the user's message centre, in the same transaction as the change it reports. */
export async function notify(db: DbOrTx, input: NotifyInput): Promise<void> {
  await insertMessage(db, messageValues(input));
}

/** Several notifications in one statement (same rules as `notify`: a repeated dedupe key is skipped). */
export async function notifyMany(db: DbOrTx, inputs: NotifyInput[]): Promise<void> {
  await insertMessages(db, inputs.map(messageValues));
}

// ---- The message centre (GET /messages, /messages/unread-count, POST /messages/read) ----

type MessagesApp = Pick<App, 'platform'>;

/**
 * The user's messages, newest first, rendered for the reader; `unread` keeps only the unread ones. Times
 * in them are written in the user's time-zone setting (as their e-mails are), not the browser's offset.
 */
export async function listMessages(
  app: MessagesApp,
  userId: bigint,
  query: { unread?: boolean | undefined; page: number; pageSize: number },
  reader: Reader,
): Promise<Page<Message>> {
  const { timeZone } = await readSettings(app.platform.db, userId);
  const zoned: Reader = { locale: reader.locale, timezoneOffsetMinutes: reader.timezoneOffsetMinutes, timeZone };
  return pageOf(query, await listMessageRows(app.platform.db, userId, query.unread === true, windowOf(query)), (row) =>
    presentMessage(row, zoned),
  );
}

export function unreadCount(app: MessagesApp, userId: bigint): Promise<number> {
  return countUnreadMessages(app.platform.db, userId);
}

/**
 * Marks the user's messages read: the given ids (Message.NotFound when one is not theirs; nothing
 * changes then), or all of them. Returns the unread count after.
 */
export async function markRead(
  app: MessagesApp,
  userId: bigint,
  request: { messageIds: string[] } | { all: true },
): Promise<number> {
  const { db, clock } = app.platform;
  if ('all' in request) {
    await markMessagesRead(db, userId, null, clock.now());
  } else {
    const wanted = [...new Set(request.messageIds)];
    if (wanted.some((id) => !isRowIdText(id))) throw new AppError('Message.NotFound');
    const ids = wanted.map((id) => BigInt(id));
    const own = await findOwnMessageIds(db, userId, ids);
    if (own.length !== ids.length) throw new AppError('Message.NotFound');
    await markMessagesRead(db, userId, ids, clock.now());
  }
  return countUnreadMessages(db, userId);
}
