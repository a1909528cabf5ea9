import { CHAT_LIMITS } from '@namebourse/contract';

/**
 * The chat's image check in the browser (the server checks again by the bytes): JPG or PNG, at most 2 MB. The type
 * is read from the file's first bytes, not its name or the type the browser guessed from it, as the server does.
 */
export type AttachmentProblem = 'type' | 'size' | 'empty';

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];

/** The image type the first bytes announce, or null for anything else. */
export function sniffImageType(head: Uint8Array): 'image/png' | 'image/jpeg' | null {
  const starts = (signature: number[]) => signature.every((byte, i) => head[i] === byte);
  if (starts(PNG)) return 'image/png';
  if (starts(JPEG)) return 'image/jpeg';
  return null;
}

async function headOf(file: Blob): Promise<Uint8Array> {
  const slice = file.slice(0, 8);
  // jsdom's Blob has no arrayBuffer() before Node 20's; FileReader works everywhere.
  if (typeof slice.arrayBuffer === 'function') return new Uint8Array(await slice.arrayBuffer());
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(slice);
  });
}

/** What is wrong with a picked file, or null when it may be sent. */
export async function checkAttachment(file: Blob): Promise<AttachmentProblem | null> {
  if (file.size === 0) return 'empty';
  if (file.size > CHAT_LIMITS.attachmentMaxBytes) return 'size';
  const type = sniffImageType(await headOf(file));
  return type === null ? 'type' : null;
}

/** The `accept` attribute of the file picker. */
export const ATTACHMENT_ACCEPT = 'image/jpeg,image/png,.jpg,.jpeg,.png';
