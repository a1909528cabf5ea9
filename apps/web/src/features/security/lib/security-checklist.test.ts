import { describe, expect, it } from 'vitest';
import { canEnableLoginMfa, type SecurityInfo, securityOverview } from './security-checklist.ts';

const bare: SecurityInfo = { hasAuthenticator: false, securePhone: null, secureEmail: null, loginMfaEnabled: false };

describe('securityOverview', () => {
  it('counts only the password for a bare account', () => {
    const overview = securityOverview(bare);
    expect(overview.score).toBe(20);
    expect(overview.level).toBe('low');
    expect(overview.items.filter((item) => item.done).map((item) => item.key)).toEqual(['password']);
    expect(overview.canEnableLoginMfa).toBe(false);
  });

  it('reaches 100 and high with everything set', () => {
    const overview = securityOverview({
      hasAuthenticator: true,
      securePhone: '138****0000',
      secureEmail: 'd***@example.com',
      loginMfaEnabled: true,
    });
    expect(overview.score).toBe(100);
    expect(overview.level).toBe('high');
    expect(overview.items.every((item) => item.done)).toBe(true);
  });

  it('grades the middle as medium', () => {
    expect(securityOverview({ ...bare, securePhone: '138****0000', secureEmail: 'a***@b.c' }).level).toBe('medium');
  });

  it('treats empty strings as not set', () => {
    expect(securityOverview({ ...bare, securePhone: '  ', secureEmail: '' }).score).toBe(20);
  });
});

describe('canEnableLoginMfa', () => {
  it('needs a secure phone or an authenticator; a secure email alone is not enough', () => {
    expect(canEnableLoginMfa({ hasAuthenticator: false, securePhone: null })).toBe(false);
    const emailOnly: SecurityInfo = { ...bare, secureEmail: 'a***@b.c' };
    expect(canEnableLoginMfa(emailOnly)).toBe(false);
    expect(canEnableLoginMfa({ hasAuthenticator: true, securePhone: null })).toBe(true);
    expect(canEnableLoginMfa({ hasAuthenticator: false, securePhone: '138****0000' })).toBe(true);
  });
});
