import { createHmac } from 'node:crypto';
import type { CaptchaChallenge } from '@namebourse/contract';
import { createChallenge, extractParams, verifySolution } from 'altcha-lib/v1';
import { z } from 'zod';
import type { App } from '../../platform/app-context.ts';
import { insertCaptchaSolution, spendCaptchaSolution } from './verification.repository.ts';

/**
 * ALTCHA proof-of-work (self-hosted). The work is a search over 0…maxnumber for a SHA-256 preimage:
 * half of it on average, so 100 000 takes a browser well under a second (and Node in tests ~0.1 s).
 */
export const CAPTCHA_RULES = { maxNumber: 100_000, ttlSeconds: 10 * 60 } as const;

const PayloadSchema = z.object({
  algorithm: z.literal('SHA-256'),
  challenge: z.string().regex(/^[0-9a-f]{64}$/),
  number: z.number().int().nonnegative(),
  salt: z.string().min(1).max(512),
  signature: z.string().regex(/^[0-9a-f]{64}$/),
});
type Payload = z.infer<typeof PayloadSchema>;

function hmacKey(secret: string): string {
  return createHmac('sha256', secret).update('namebourse:altcha:v1').digest('hex');
}

/** The ALTCHA payload inside captchaVerifyParam (base64 of its JSON), or null. */
export function decodeCaptchaParam(param: string): Payload | null {
  try {
    const json = JSON.parse(Buffer.from(param, 'base64').toString('utf8')) as unknown;
    const parsed = PayloadSchema.safeParse(json);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** A new challenge signed with a key derived from APP_SECRET, expiring in 10 minutes (business clock). */
export async function createCaptchaChallenge(app: App): Promise<CaptchaChallenge> {
  const { clock, config } = app.platform;
  const expires = new Date(clock.now().getTime() + CAPTCHA_RULES.ttlSeconds * 1000);
  const challenge = await createChallenge({
    algorithm: 'SHA-256',
    hmacKey: hmacKey(config.appSecret),
    maxnumber: config.captchaMaxNumber,
    expires,
  });
  return {
    algorithm: 'SHA-256',
    challenge: challenge.challenge,
    salt: challenge.salt,
    signature: challenge.signature,
    maxnumber: challenge.maxnumber ?? config.captchaMaxNumber,
  };
}

/**
 * Verifies a solution: correctly solved, signed by us, unexpired on the business clock, and not
 * seen before. The first valid submission records it as 'verified'; a replay answers false.
 */
export async function verifyCaptcha(app: App, captchaVerifyParam: string): Promise<boolean> {
  const { db, clock, config } = app.platform;
  const payload = decodeCaptchaParam(captchaVerifyParam);
  if (!payload) return false;
  // Expiry is checked below against the business clock, not the wall clock.
  if (!(await verifySolution(payload, hmacKey(config.appSecret), false))) return false;
  const expiresSeconds = Number(extractParams(payload).expires);
  const now = clock.now();
  if (!Number.isFinite(expiresSeconds) || expiresSeconds * 1000 <= now.getTime()) return false;
  return insertCaptchaSolution(db, {
    challenge: payload.challenge,
    createdAt: now,
    expiresAt: new Date(expiresSeconds * 1000),
  });
}

/** Spends a verified solution on one code sending; false when it was not verified, already spent or expired. */
export async function spendCaptcha(app: App, captchaVerifyParam: string | undefined): Promise<boolean> {
  if (!captchaVerifyParam) return false;
  const payload = decodeCaptchaParam(captchaVerifyParam);
  if (!payload) return false;
  return spendCaptchaSolution(app.platform.db, payload.challenge, app.platform.clock.now());
}
