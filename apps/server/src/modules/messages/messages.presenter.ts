import type { Message, MessageKind } from '@namebourse/contract';
import type { MessageRow } from './messages.repository.ts';
import { type Reader, renderMessage } from './messages.templates.ts';

/** A message row as the contract's Message, its title and body rendered for the reader. */
export function presentMessage(row: MessageRow, reader: Reader): Message {
  const { title, body } = renderMessage(row.kind, row.params, reader);
  return {
    messageId: row.id.toString(),
    kind: row.kind as MessageKind,
    title,
    body,
    link: row.link,
    read: row.readAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}
