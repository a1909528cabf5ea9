import { describe, expect, it } from 'vitest';
import {
  isLatinText,
  isValidPostalCode,
  isValidTaxId,
  isValidTimeZone,
  isValidUnifiedSocialCreditCode,
  SaveContactInfoRequestSchema,
  toE164,
} from './profile.ts';

describe('profile helpers', () => {
  it('postal codes per country', () => {
    expect(isValidPostalCode('CN', '518000')).toBe(true);
    expect(isValidPostalCode('CN', '51800')).toBe(false);
    expect(isValidPostalCode('CN', '')).toBe(false);
    expect(isValidPostalCode('US', '94105')).toBe(true);
    expect(isValidPostalCode('US', '94105-1234')).toBe(true);
    expect(isValidPostalCode('US', '9410')).toBe(false);
    expect(isValidPostalCode('HK', '')).toBe(true);
    expect(isValidPostalCode('GB', 'SW1A 1AA')).toBe(true);
    expect(isValidPostalCode('GB', 'EC1A1BB')).toBe(true);
    expect(isValidPostalCode('GB', '12345')).toBe(false);
    expect(isValidPostalCode('JP', '100-0001')).toBe(true);
    expect(isValidPostalCode('JP', '1000001')).toBe(true);
    expect(isValidPostalCode('JP', '100-001')).toBe(false);
    expect(isValidPostalCode('NL', '1012 AB')).toBe(true);
    expect(isValidPostalCode('NL', '#12')).toBe(false);
    expect(isValidPostalCode('NL', '')).toBe(false);
  });

  it('tax ids: the unified social credit code with its check character, a generic form elsewhere', () => {
    expect(isValidUnifiedSocialCreditCode('91350100M000100Y43')).toBe(true);
    expect(isValidUnifiedSocialCreditCode('91350100m000100y43')).toBe(true);
    expect(isValidUnifiedSocialCreditCode('91350100M000100Y44')).toBe(false);
    expect(isValidUnifiedSocialCreditCode('91350100M000100Y4')).toBe(false);
    expect(isValidTaxId('CN', '')).toBe(true);
    expect(isValidTaxId('CN', '123456789')).toBe(false);
    expect(isValidTaxId('GB', 'GB123456789')).toBe(true);
    expect(isValidTaxId('US', '12-3456789')).toBe(true);
    expect(isValidTaxId('US', 'ABCD')).toBe(false);
    expect(isValidTaxId('US', 'ABCDEFG')).toBe(false);
  });

  it('company names in English or Pinyin', () => {
    expect(isLatinText("Acme (HK) Co., Ltd. & Sons' 2")).toBe(true);
    expect(isLatinText('Beijing Zhongguancun Keji')).toBe(true);
    expect(isLatinText('阿里巴巴')).toBe(false);
    expect(isLatinText('Acme@Corp')).toBe(false);
    const parsed = SaveContactInfoRequestSchema.safeParse({
      firstName: 'a',
      lastName: 'b',
      company: '阿里',
      phone: '13812345678',
      phoneCountryCode: '86',
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe('latinOnly');
  });

  it('time zones and E.164', () => {
    expect(isValidTimeZone('Asia/Shanghai')).toBe(true);
    expect(isValidTimeZone('UTC')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
    expect(isValidTimeZone('')).toBe(false);
    expect(toE164('86', '138 1234-5678')).toBe('+8613812345678');
    expect(toE164('+44', '07700 900123')).toBe('+447700900123');
  });
});
