import { describe, expect, it } from 'vitest';
import { FIELD_MESSAGES, fieldMessage } from './errors.ts';
import {
  isLatinText,
  isValidPostalCode,
  isValidTaxId,
  isValidTimeZone,
  isValidUnifiedSocialCreditCode,
  POSTAL_CODE_EXAMPLES,
  postalCodeProblem,
  SaveContactInfoRequestSchema,
  taxIdProblem,
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

  it('says why a tax id is refused: the shape or the check character of the code, or the general rule', () => {
    expect(taxIdProblem('CN', '91350100M000100Y43')).toBeNull();
    expect(taxIdProblem('cn', ' 91440300708461136T ')).toBeNull();
    expect(taxIdProblem('CN', '')).toBeNull();
    expect(taxIdProblem('CN', '123456789')).toBe('taxIdUscc');
    // The letters the code never uses (I, O, S, V, Z), and letters where the division code has digits.
    expect(taxIdProblem('CN', '91350100M000100I43')).toBe('taxIdUscc');
    expect(taxIdProblem('CN', '91A50100M000100Y43')).toBe('taxIdUscc');
    expect(taxIdProblem('CN', '91350100M000100Y44')).toBe('taxIdUsccCheck');
    expect(taxIdProblem('GB', 'AB')).toBe('taxIdOther');
    expect(taxIdProblem('GB', 'GB123456789')).toBeNull();
    expect(fieldMessage('taxIdUscc', 'zh-CN')).toContain('18 位统一社会信用代码');
    expect(fieldMessage('taxIdUscc', 'en-US')).toContain('18-character unified social credit code');
    expect(fieldMessage('taxIdUsccCheck', 'zh-CN')).toContain('校验位');
    // The message the web shows without the country names both rules.
    expect(FIELD_MESSAGES.taxIdInvalid['zh-CN']).toMatch(/18 位统一社会信用代码.*5–30 位/);
    expect(FIELD_MESSAGES.taxIdInvalid['en-US']).toMatch(/18-character unified social credit code.*5–30/);
  });

  it('says what postal code a country expects', () => {
    expect(postalCodeProblem('CN', '518000')).toBeNull();
    expect(postalCodeProblem('HK', '')).toBeNull();
    expect(postalCodeProblem('CN', '')).toEqual({ key: 'required' });
    expect(postalCodeProblem('CN', '51800')).toEqual({ key: 'postalCodeFormat', params: { example: '518057' } });
    expect(postalCodeProblem('NL', '#12')).toEqual({ key: 'postalCodeGeneric' });
    const us = postalCodeProblem('us', '9410');
    expect(us && fieldMessage(us.key, 'en-US', us.params)).toBe(
      'Invalid postal code: use the format 94105 / 94105-1234',
    );
    expect(us && fieldMessage(us.key, 'zh-CN', us.params)).toBe('邮政编码格式不正确，应如 94105 / 94105-1234');
    // Every example is valid for its own country.
    for (const [country, examples] of Object.entries(POSTAL_CODE_EXAMPLES)) {
      for (const example of examples.split(' / ')) expect(isValidPostalCode(country, example), country).toBe(true);
    }
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
