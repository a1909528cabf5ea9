import type { RegionEntry } from '@namebourse/contract';
import { describe, expect, it } from 'vitest';
import { billingSchema } from './billing-schema.ts';
import { isNewPhone, looksLikePhone, maskPhone } from './phone.ts';
import { timeZoneOptions } from './time-zones.ts';

const REGIONS: RegionEntry[] = [
  { c: 'CN', v: '中国', n: 'China', p: '86', s: [{ c: 'GD', v: '广东省', n: 'Guangdong' }] },
  { c: 'SG', v: '新加坡', n: 'Singapore', p: '65', s: [] },
  { c: 'HK', v: '中国香港', n: 'Hong Kong, China', p: '852', s: [] },
];

const base = {
  country: 'CN',
  province: 'GD',
  city: 'Shenzhen',
  postalCode: '518000',
  address: '1 Keyuan Road, Nanshan',
};

function messagesOf(values: unknown, locale: 'zh-CN' | 'en-US' = 'en-US'): Record<string, string> {
  const result = billingSchema(REGIONS, locale).safeParse(values);
  const out: Record<string, string> = {};
  if (!result.success) for (const issue of result.error.issues) out[issue.path.join('.')] = issue.message;
  return out;
}

describe('phone helpers', () => {
  it('tells a new phone from the verified one', () => {
    const stored = { phone: '13812345678', phoneCountryCode: '86', verified: true };
    expect(isNewPhone({ phone: '138 1234 5678', phoneCountryCode: '86' }, stored)).toBe(false);
    expect(isNewPhone({ phone: '13912345678', phoneCountryCode: '86' }, stored)).toBe(true);
    expect(isNewPhone({ phone: '13812345678', phoneCountryCode: '852' }, stored)).toBe(true);
    expect(isNewPhone({ phone: '13812345678', phoneCountryCode: '86' }, { ...stored, verified: false })).toBe(true);
    expect(isNewPhone({ phone: '', phoneCountryCode: '86' }, stored)).toBe(false);
  });

  it('checks the shape and masks', () => {
    expect(looksLikePhone('138 1234-5678')).toBe(true);
    expect(looksLikePhone('12')).toBe(false);
    expect(looksLikePhone('abc12345')).toBe(false);
    expect(maskPhone('86', '13812345678')).toBe('+86 138****5678');
    expect(maskPhone('', '')).toBe('');
  });
});

describe('billing schema', () => {
  it('accepts a complete address', () => {
    expect(messagesOf(base)).toEqual({});
    expect(messagesOf({ ...base, country: 'HK', province: '', postalCode: '' })).toEqual({});
  });

  it('checks the province, postal code, tax id and address length', () => {
    expect(messagesOf({ ...base, province: '' }).province).toBe('required');
    expect(messagesOf({ ...base, postalCode: '' }).postalCode).toBe('required');
    expect(messagesOf({ ...base, taxId: '91350100M000100Y43' })).toEqual({});
    expect(messagesOf({ ...base, country: 'ZZ' }).country).toBe('choice');
    expect(Object.keys(messagesOf({ ...base, address: 'short' }))).toContain('address');
  });

  it("names the country's own postal-code format and tax-id rule, as the server does", () => {
    expect(messagesOf({ ...base, postalCode: '5180' }).postalCode).toBe('Invalid postal code: use the format 518057');
    expect(messagesOf({ ...base, postalCode: '5180' }, 'zh-CN').postalCode).toBe('邮政编码格式不正确，应如 518057');
    expect(messagesOf({ ...base, taxId: '123' }).taxId).toBe('taxIdUscc');
    expect(messagesOf({ ...base, taxId: '91350100M000100Y44' }).taxId).toBe('taxIdUsccCheck');
    expect(messagesOf({ ...base, country: 'SG', province: '', postalCode: '018956', taxId: 'X' }).taxId).toBe(
      'taxIdOther',
    );
  });
});

describe('time zones', () => {
  it('lists the browser zones with UTC and the current one', () => {
    const zones = timeZoneOptions('Etc/GMT+5');
    expect(zones).toContain('UTC');
    expect(zones).toContain('Asia/Shanghai');
    expect(zones[0] === 'Etc/GMT+5' || zones.includes('Etc/GMT+5')).toBe(true);
  });
});
