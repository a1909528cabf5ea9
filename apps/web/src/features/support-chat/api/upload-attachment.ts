import { CHAT_VISITOR_TOKEN_HEADER, type ChatAttachment, ChatAttachmentSchema } from '@namebourse/contract';
import { api, type UploadProgress } from '../../../lib/api-client.ts';
import { CHAT_CONVERSATIONS_PATH } from './start-conversation.ts';

/** A 2 MB image on a slow line takes longer than the usual request timeout. */
export const CHAT_UPLOAD_TIMEOUT_MS = 120_000;

export const chatAttachmentsPath = (conversationId: string) =>
  `${CHAT_CONVERSATIONS_PATH}/${encodeURIComponent(conversationId)}/attachments`;
export const VISITOR_ATTACHMENTS_PATH = '/support/visitor/attachments';

/**
 * POST /api/support/conversations/:id/attachments (a visitor: /api/support/visitor/attachments with the token
 * header; multipart, field `file`) → the stored image, reporting the
 * upload's progress; the message that carries it is sent over the socket afterwards. Errors are the caller's to
 * show (beside the picked image).
 */
export async function uploadChatAttachment(
  conversationId: string,
  file: File,
  visitorToken: string | null,
  onProgress: (progress: UploadProgress) => void,
): Promise<ChatAttachment> {
  const form = new FormData();
  form.set('file', file, file.name);
  return ChatAttachmentSchema.parse(
    await api.post<unknown>(visitorToken ? VISITOR_ATTACHMENTS_PATH : chatAttachmentsPath(conversationId), form, {
      errorMode: 'silent',
      onUploadProgress: onProgress,
      timeoutMs: CHAT_UPLOAD_TIMEOUT_MS,
      headers: visitorToken ? { [CHAT_VISITOR_TOKEN_HEADER]: visitorToken } : undefined,
    }),
  );
}
