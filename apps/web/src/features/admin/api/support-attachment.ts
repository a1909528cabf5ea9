import { type ChatAttachment, ChatAttachmentSchema } from '@namebourse/contract';
import { api, type UploadProgress } from '../../../lib/api-client.ts';

/** A 2 MB image on a slow line takes longer than the usual request timeout. */
const UPLOAD_TIMEOUT_MS = 120_000;

export const supportAttachmentsPath = (conversationId: string) =>
  `/support/conversations/${encodeURIComponent(conversationId)}/attachments`;

/** POST /api/support/conversations/:id/attachments (multipart `file`): an agent's image, then sent with a message. */
export async function uploadSupportAttachment(
  conversationId: string,
  file: File,
  onProgress: (progress: UploadProgress) => void,
): Promise<ChatAttachment> {
  const form = new FormData();
  form.set('file', file, file.name);
  return ChatAttachmentSchema.parse(
    await api.post<unknown>(supportAttachmentsPath(conversationId), form, {
      errorMode: 'silent',
      onUploadProgress: onProgress,
      timeoutMs: UPLOAD_TIMEOUT_MS,
    }),
  );
}
