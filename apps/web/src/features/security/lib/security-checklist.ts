import type { SecurityInfo } from '@namebourse/contract';

/** GET /api/account-manage/get-security-info (masked targets; null when not set). */
export type { SecurityInfo };

export type ChecklistKey = 'password' | 'securePhone' | 'authenticator' | 'secureEmail' | 'loginMfa';

export interface ChecklistItem {
  key: ChecklistKey;
  done: boolean;
  /** Points this item adds to the score when done. */
  weight: number;
  /** The id of the card that sets it up (for the 'Set up' link). */
  anchor: string;
}

export type SecurityLevel = 'low' | 'medium' | 'high';

export interface SecurityOverview {
  items: ChecklistItem[];
  /** 0–100. */
  score: number;
  level: SecurityLevel;
  /** Sign-in MFA may be switched on: a secure phone or an authenticator exists (spec §6). */
  canEnableLoginMfa: boolean;
}

export const SECTION_IDS = {
  authenticator: 'authenticator',
  securePhone: 'secure-phone',
  secureEmail: 'secure-email',
  loginMfa: 'login-mfa',
  password: 'change-password',
  sessions: 'sessions',
} as const;

const WEIGHTS: Record<ChecklistKey, number> = {
  password: 20,
  securePhone: 20,
  authenticator: 25,
  secureEmail: 15,
  loginMfa: 20,
};

/**
 * Why the authenticator cannot be unbound (spec §6: MFA needs a secure phone or an authenticator;
 * a secure email cannot be the only method), or null when it can: without a secure phone, sign-in
 * MFA or a secure email would be left without a phone or authenticator.
 */
export function authenticatorUnbindBlocker(
  info: Pick<SecurityInfo, 'securePhone' | 'secureEmail' | 'loginMfaEnabled'>,
): 'loginMfa' | 'secureEmail' | null {
  if (isSet(info.securePhone)) return null;
  if (info.loginMfaEnabled) return 'loginMfa';
  if (isSet(info.secureEmail)) return 'secureEmail';
  return null;
}

export function isSet(value: string | null | undefined): boolean {
  return typeof value === 'string' && value.trim() !== '';
}

/** MFA needs a secure phone or an authenticator; a secure email cannot be the only method (spec §6). */
export function canEnableLoginMfa(info: Pick<SecurityInfo, 'hasAuthenticator' | 'securePhone'>): boolean {
  return info.hasAuthenticator || isSet(info.securePhone);
}

/** The checklist, score and level of the security centre's overview. */
export function securityOverview(info: SecurityInfo): SecurityOverview {
  const done: Record<ChecklistKey, boolean> = {
    password: true,
    securePhone: isSet(info.securePhone),
    authenticator: info.hasAuthenticator,
    secureEmail: isSet(info.secureEmail),
    loginMfa: info.loginMfaEnabled,
  };
  const anchors: Record<ChecklistKey, string> = {
    password: SECTION_IDS.password,
    securePhone: SECTION_IDS.securePhone,
    authenticator: SECTION_IDS.authenticator,
    secureEmail: SECTION_IDS.secureEmail,
    loginMfa: SECTION_IDS.loginMfa,
  };
  const keys: ChecklistKey[] = ['password', 'securePhone', 'authenticator', 'secureEmail', 'loginMfa'];
  const items = keys.map((key) => ({ key, done: done[key], weight: WEIGHTS[key], anchor: anchors[key] }));
  const score = items.reduce((sum, item) => sum + (item.done ? item.weight : 0), 0);
  const level: SecurityLevel = score >= 80 ? 'high' : score >= 50 ? 'medium' : 'low';
  return { items, score, level, canEnableLoginMfa: canEnableLoginMfa(info) };
}
