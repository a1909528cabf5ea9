import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * AES-256-GCM with a key derived (HKDF-SHA256) from APP_SECRET for one purpose. The output is
 * base64url(iv ‖ tag ‖ ciphertext); `aad` binds a ciphertext to its owner (e.g. the user id).
 */
export class SecretBox {
  readonly #key: Buffer;

  constructor(appSecret: string, purpose: string) {
    this.#key = Buffer.from(hkdfSync('sha256', appSecret, 'namebourse', `namebourse:${purpose}:v1`, 32));
  }

  seal(plaintext: string, aad: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.#key, iv);
    cipher.setAAD(Buffer.from(aad));
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
  }

  /** The plaintext, or null when the box was tampered with, sealed for another owner or another key. */
  open(sealed: string, aad: string): string | null {
    try {
      const raw = Buffer.from(sealed, 'base64url');
      if (raw.length < 29) return null;
      const decipher = createDecipheriv('aes-256-gcm', this.#key, raw.subarray(0, 12));
      decipher.setAAD(Buffer.from(aad));
      decipher.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    } catch {
      return null;
    }
  }
}
