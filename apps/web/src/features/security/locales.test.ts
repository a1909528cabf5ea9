import { describe, expect, it } from 'vitest';
import { flattenLocale, type LocaleTree, staticTranslationKeys } from '../../lib/testing/locale-coverage';
import en from '../../locales/en-US/security.json';
import zh from '../../locales/zh-CN/security.json';
import { LOCK_REASONS } from './components/ak-locked';
import { bindAuthenticatorSchema, changePasswordSchema, secureEmailSchema, securePhoneSchema } from './lib/forms';
import { securityOverview } from './lib/security-checklist';

const sources = import.meta.glob<string>('./**/*.tsx', { query: '?raw', import: 'default', eager: true });

/** The message keys the form schemas produce. */
function schemaMessages(): string[] {
  const keys = new Set<string>();
  const collect = (result: { success: boolean; error?: { issues: { message: string }[] } }) => {
    for (const issue of result.error?.issues ?? []) keys.add(issue.message);
  };
  collect(bindAuthenticatorSchema.safeParse({ code: '' }));
  collect(securePhoneSchema.safeParse({ phoneCountryCode: '', phone: '', verifyCode: '' }));
  collect(securePhoneSchema.safeParse({ phoneCountryCode: '1', phone: 'x1', verifyCode: '1' }));
  collect(secureEmailSchema.safeParse({ email: '', verifyCode: '' }));
  collect(secureEmailSchema.safeParse({ email: 'nope', verifyCode: '' }));
  collect(changePasswordSchema.safeParse({ oldPassword: '', password: '', confirmPassword: '' }));
  collect(changePasswordSchema.safeParse({ oldPassword: 'a', password: 'abc', confirmPassword: 'abd' }));
  collect(
    changePasswordSchema.safeParse({ oldPassword: 'Demo@2026', password: 'Demo@2026', confirmPassword: 'Demo@2026' }),
  );
  return [...keys];
}

describe('security locale files', () => {
  const enKeys = flattenLocale(en as LocaleTree);
  const zhKeys = flattenLocale(zh as LocaleTree);

  it('have the same keys in both languages', () => {
    expect([...zhKeys.keys()].sort()).toEqual([...enKeys.keys()].sort());
  });

  it('contain every key the pages use', () => {
    const overview = securityOverview({
      hasAuthenticator: false,
      securePhone: null,
      secureEmail: null,
      loginMfaEnabled: false,
    });
    const used = [
      ...staticTranslationKeys(sources),
      ...schemaMessages(),
      ...overview.items.map((item) => `overview.items.${item.key}`),
      ...['low', 'medium', 'high'].map((level) => `overview.level.${level}`),
      ...['invalid', 'duplicate', 'tooMany'].map((problem) => `ak.allowList.problem.${problem}`),
      ...['spent', 'available'].map((key) => `ak.locked.${key}`),
      ...LOCK_REASONS.map((reason) => `ak.locked.reason.${reason}`),
    ];
    expect(used.length).toBeGreaterThan(100);
    for (const key of used) expect(enKeys.has(key), key).toBe(true);
  });
});
