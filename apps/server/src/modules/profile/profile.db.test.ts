import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authenticateByTestHeader,
  buildTestApp,
  csrfHeaders,
  enginesFor,
  TEST_USER_HEADER,
  type TestContext,
} from '../../../test/helpers.ts';
import { userSettings } from '../../db/schema/index.ts';
import { parsePhone as normalisePhone } from '../../platform/phone.ts';
import { createUser } from '../account/account.service.ts';
import { sendVerificationCode } from '../account/verification.service.ts';
import { assertContactInfoComplete, isContactInfoComplete, settingsOffsetMinutes } from './profile.service.ts';

/** Test-only sign-in: `x-test-user: <user id>` acts as that user (independent of the session cookies). */

const ZH = { 'accept-language': 'zh-CN' };
const EN = { 'accept-language': 'en-US' };

describe.each(enginesFor('app'))('profile module (%s)', (engine) => {
  let t: TestContext;
  let csrf: Record<string, string>;
  let seq = 0;

  beforeAll(async () => {
    t = await buildTestApp(engine, {}, authenticateByTestHeader);
    csrf = await csrfHeaders(t.app);
  });
  afterAll(async () => {
    await t?.close();
  });

  async function newUser() {
    seq += 1;
    const user = await createUser(t.app.platform.db, t.app.platform.clock, {
      email: `profile-${seq}@example.com`,
      password: 'Passw0rd!x',
      nickname: `user${seq}`,
    });
    return { user, headers: { [TEST_USER_HEADER]: String(user.id), ...csrf } };
  }

  function get(url: string, headers: Record<string, string>) {
    return t.app.inject({ method: 'GET', url: `/api/account-manage/${url}`, headers });
  }
  function post(url: string, headers: Record<string, string>, payload: unknown) {
    return t.app.inject({ method: 'POST', url: `/api/account-manage/${url}`, headers, payload: payload as object });
  }

  /** Sends a code for the scene to the phone and reads it back from the outbox (dev tools). */
  async function codeFor(scene: 'UPDATE_CONTACT_PHONE' | 'UPDATE_BILLING_PHONE', e164: string): Promise<string> {
    await sendVerificationCode(t.app, { scene, target: e164, channel: 'sms', locale: 'en-US' });
    const res = await t.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(e164)}` });
    const code = res.json().data.items[0]?.code as string | undefined;
    expect(code).toMatch(/^\d{6}$/);
    return code as string;
  }

  const contact = {
    firstName: 'San',
    lastName: 'Zhang',
    company: 'Acme (HK) Co., Ltd.',
    phone: '138 1234 5678',
    phoneCountryCode: '86',
  };

  it('every route needs a signed-in user', async () => {
    for (const path of ['get-contact-info', 'get-billing-info', 'get-profile', 'get-settings']) {
      const res = await get(path, EN);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'Account.Unauthorized' });
    }
  });

  it('contact info: empty at first, a new phone needs its code, complete once the phone is verified', async () => {
    const { user, headers } = await newUser();
    const empty = await get('get-contact-info', headers);
    expect(empty.json()).toMatchObject({
      code: '200',
      data: { firstName: '', lastName: '', company: '', email: user.email, phone: '', isComplete: false },
    });
    expect(await isContactInfoComplete(t.app, user.id)).toBe(false);
    await expect(assertContactInfoComplete(t.app, user.id)).rejects.toMatchObject({
      code: 'Commodity.UserContactInfoIncomplete',
    });

    const noCode = await post('save-contact-info', { ...headers, ...EN }, contact);
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json()).toMatchObject({
      code: 'Request.Invalid',
      data: { fields: { verifyCode: expect.any(String) } },
    });

    const code = await codeFor('UPDATE_CONTACT_PHONE', '+8613812345678');
    const wrong = await post(
      'save-contact-info',
      { ...headers, ...EN },
      {
        ...contact,
        verifyCode: code === '000000' ? '111111' : '000000',
      },
    );
    expect(wrong.json()).toMatchObject({ code: 'Verification.CodeInvalid', data: { attemptsLeft: 4 } });
    expect((await get('get-contact-info', headers)).json().data.phone).toBe('');

    const saved = await post('save-contact-info', { ...headers, ...EN }, { ...contact, verifyCode: code });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toEqual({
      firstName: 'San',
      lastName: 'Zhang',
      company: 'Acme (HK) Co., Ltd.',
      email: user.email,
      phone: '13812345678',
      phoneCountryCode: '86',
      phoneVerified: true,
      isComplete: true,
    });
    expect((await get('get-contact-info', headers)).json().data.isComplete).toBe(true);
    expect(await isContactInfoComplete(t.app, user.id)).toBe(true);
    await expect(assertContactInfoComplete(t.app, user.id)).resolves.toBeUndefined();

    // The same verified phone needs no new code; the code cannot be used twice anyway.
    const renamed = await post('save-contact-info', headers, { ...contact, firstName: 'Si', company: '' });
    expect(renamed.json()).toMatchObject({ code: '200', data: { firstName: 'Si', company: '', isComplete: true } });

    // Another phone needs its own code, and the stored one stays until then.
    const other = await post('save-contact-info', headers, { ...contact, phone: '13912345678' });
    expect(other.json().code).toBe('Request.Invalid');
    expect((await get('get-contact-info', headers)).json().data).toMatchObject({
      phone: '13812345678',
      isComplete: true,
    });
  });

  it('contact info: invalid mobile numbers, unknown dial codes and non-Latin company names, in both languages', async () => {
    const { headers } = await newUser();
    const zh = await post('save-contact-info', { ...headers, ...ZH }, { ...contact, phone: '12345' });
    expect(zh.statusCode).toBe(400);
    expect(zh.json()).toMatchObject({
      code: 'Verification.MobileInvalid',
      message: expect.stringMatching(/^手机号码无效：请选择国家\/地区代码/),
      data: { fields: { phone: expect.stringMatching(/^手机号码无效：.*不含国家\/地区代码$/) } },
    });
    const en = await post('save-contact-info', { ...headers, ...EN }, { ...contact, phone: '1381234567' });
    expect(en.json()).toMatchObject({
      code: 'Verification.MobileInvalid',
      data: { fields: { phone: expect.stringMatching(/^Invalid mobile number: .*without the country code$/) } },
    });
    const dial = await post('save-contact-info', { ...headers, ...EN }, { ...contact, phoneCountryCode: '999' });
    expect(dial.json().code).toBe('Verification.MobileInvalid');

    const company = await post('save-contact-info', { ...headers, ...EN }, { ...contact, company: '阿里巴巴' });
    expect(company.json()).toMatchObject({
      code: 'Request.Invalid',
      data: { fields: { company: expect.stringContaining('English or Pinyin') } },
    });
    const companyZh = await post('save-contact-info', { ...headers, ...ZH }, { ...contact, company: '阿里巴巴' });
    expect(companyZh.json().data.fields.company).toContain('拼音');
    const long = await post('save-contact-info', { ...headers, ...EN }, { ...contact, firstName: 'x'.repeat(51) });
    expect(long.json().data.fields.firstName).toBe('Too long (at most 50 characters)');
  });

  it('billing: region pickers, postal codes, tax ids and the billing phone', async () => {
    const { headers } = await newUser();
    expect((await get('get-billing-info', headers)).json().data).toMatchObject({ country: '', address: '' });
    const base = {
      country: 'CN',
      province: 'GD',
      city: 'Shenzhen',
      postalCode: '518000',
      address: 'No. 1 Keyuan Road, Nanshan District',
      taxId: '91350100M000100Y43',
    };

    const postalZh = await post('save-billing-info', { ...headers, ...ZH }, { ...base, postalCode: '51800' });
    expect(postalZh.json()).toMatchObject({
      code: 'Profile.PostalCodeInvalid',
      message: '邮政编码与所选国家/地区的格式不符',
      data: { fields: { postalCode: '邮政编码格式不正确，应如 518057' } },
    });
    const postalEn = await post(
      'save-billing-info',
      { ...headers, ...EN },
      { ...base, country: 'US', province: 'CA', postalCode: '9410' },
    );
    expect(postalEn.json()).toMatchObject({
      code: 'Profile.PostalCodeInvalid',
      message: 'The postal code does not match the format of the selected country or region',
      data: { fields: { postalCode: 'Invalid postal code: use the format 94105 / 94105-1234' } },
    });

    // A tax id the wrong shape for China, then the right shape with a wrong check character (GB 32100-2015).
    const shapeZh = await post('save-billing-info', { ...headers, ...ZH }, { ...base, taxId: '12345' });
    expect(shapeZh.json()).toMatchObject({
      code: 'Profile.TaxIdInvalid',
      message: expect.stringContaining('18 位统一社会信用代码'),
      data: { fields: { taxId: expect.stringMatching(/^税号格式不正确：应为 18 位统一社会信用代码.*末位为校验位$/) } },
    });
    const shapeEn = await post('save-billing-info', { ...headers, ...EN }, { ...base, taxId: '12345' });
    expect(shapeEn.json().data.fields.taxId).toMatch(/18-character unified social credit code/);
    const taxZh = await post('save-billing-info', { ...headers, ...ZH }, { ...base, taxId: '91350100M000100Y44' });
    expect(taxZh.json()).toMatchObject({
      code: 'Profile.TaxIdInvalid',
      data: { fields: { taxId: '统一社会信用代码的校验位（第 18 位）不正确，请核对后重新输入' } },
    });
    const gb = { ...base, country: 'GB', province: 'ABE', postalCode: 'AB10 1AB' };
    const taxEn = await post('save-billing-info', { ...headers, ...EN }, { ...gb, taxId: 'AB' });
    expect(taxEn.json()).toMatchObject({
      code: 'Profile.TaxIdInvalid',
      data: { fields: { taxId: 'Invalid tax ID: use 5–30 letters, digits or hyphens, with at least one digit' } },
    });
    expect((await post('save-billing-info', headers, { ...gb, taxId: 'GB123456789' })).json().code).toBe('200');

    const noProvince = await post('save-billing-info', { ...headers, ...EN }, { ...base, province: '' });
    expect(noProvince.json()).toMatchObject({
      code: 'Request.Invalid',
      data: { fields: { province: 'This field is required' } },
    });
    const badProvince = await post('save-billing-info', { ...headers, ...EN }, { ...base, province: 'CA' });
    expect(badProvince.json().data.fields.province).toBeTruthy();
    const badCountry = await post('save-billing-info', { ...headers, ...EN }, { ...base, country: 'ZZ' });
    expect(badCountry.json().data.fields.country).toBeTruthy();
    const shortAddress = await post('save-billing-info', { ...headers, ...EN }, { ...base, address: 'Short' });
    expect(shortAddress.json().data.fields.address).toBe('Too short (at least 10 characters)');

    const saved = await post('save-billing-info', headers, base);
    expect(saved.json()).toMatchObject({ code: '200', data: { ...base, phone: '', phoneVerified: false } });
    expect((await get('get-billing-info', headers)).json().data).toMatchObject(base);

    const hk = await post('save-billing-info', headers, {
      country: 'HK',
      province: 'HCW',
      city: 'Hong Kong',
      postalCode: '',
      address: '1 Queensway, Admiralty',
    });
    expect(hk.json()).toMatchObject({ code: '200', data: { country: 'HK', postalCode: '', taxId: '' } });

    // A billing phone: a new one needs the UPDATE_BILLING_PHONE code.
    const phone = { phone: '2025550143', phoneCountryCode: '1' };
    const us = {
      country: 'US',
      province: 'NY',
      city: 'New York',
      postalCode: '10001-1234',
      address: '350 Fifth Avenue, Floor 3',
    };
    const noCode = await post('save-billing-info', headers, { ...us, ...phone });
    expect(noCode.json().data.fields.verifyCode).toBeTruthy();
    const e164 = normalisePhone('1', phone.phone)?.e164 as string;
    expect(e164).toBe('+12025550143');
    const code = await codeFor('UPDATE_BILLING_PHONE', e164);
    const withPhone = await post('save-billing-info', headers, { ...us, ...phone, verifyCode: code });
    expect(withPhone.json()).toMatchObject({ code: '200', data: { ...us, phone: '2025550143', phoneVerified: true } });
    const again = await post('save-billing-info', headers, { ...us, ...phone, city: 'Brooklyn' });
    expect(again.json()).toMatchObject({ code: '200', data: { city: 'Brooklyn', phoneVerified: true } });
  });

  it('profile: account ID, email, nickname 1–20 characters', async () => {
    const { user, headers } = await newUser();
    expect((await get('get-profile', headers)).json().data).toEqual({
      accountNo: user.accountNo,
      nickname: user.nickname,
      email: user.email,
      createdAt: user.createdAt.toISOString(),
    });
    const empty = await post('update-profile', { ...headers, ...EN }, { nickname: '  ' });
    expect(empty.json()).toMatchObject({
      code: 'Request.Invalid',
      data: { fields: { nickname: 'This field is required' } },
    });
    const long = await post('update-profile', { ...headers, ...EN }, { nickname: 'x'.repeat(21) });
    expect(long.json().data.fields.nickname).toBe('Too long (at most 20 characters)');
    const ok = await post('update-profile', headers, { nickname: ' 域名玩家 ' });
    expect(ok.json()).toMatchObject({ code: '200', data: { nickname: '域名玩家' } });
    expect((await get('get-profile', headers)).json().data.nickname).toBe('域名玩家');
  });

  it('settings: defaults, a round trip, and invalid time zones', async () => {
    const { headers } = await newUser();
    expect((await get('get-settings', headers)).json().data).toEqual({
      language: 'zh-CN',
      timeZone: 'Asia/Shanghai',
      notifications: { outbid: true, auctionWon: true, paymentDue: true, delivery: true, offers: true, selling: true },
      digest: false,
    });
    const next = {
      language: 'en-US',
      timeZone: 'America/New_York',
      notifications: {
        outbid: false,
        auctionWon: true,
        paymentDue: true,
        delivery: false,
        offers: true,
        selling: false,
      },
      digest: true,
    };
    expect((await post('update-settings', headers, next)).json()).toMatchObject({ code: '200', data: next });
    expect((await get('get-settings', headers)).json().data).toEqual(next);
    // A client that leaves `digest` out keeps the stored choice.
    const { digest: _kept, ...withoutDigest } = next;
    expect((await post('update-settings', headers, withoutDigest)).json().data.digest).toBe(true);

    const zone = await post('update-settings', { ...headers, ...EN }, { ...next, timeZone: 'Mars/Olympus' });
    expect(zone.json()).toMatchObject({
      code: 'Request.Invalid',
      data: { fields: { timeZone: 'Please choose a valid time zone' } },
    });
    const lang = await post('update-settings', { ...headers, ...EN }, { ...next, language: 'fr-FR' });
    expect(lang.json().data.fields.language).toBeTruthy();
    const partial = await post('update-settings', { ...headers, ...EN }, { ...next, notifications: { outbid: true } });
    expect(partial.json().code).toBe('Request.Invalid');
  });

  it('settings: the offset of the time-zone setting (for exports), daylight saving included', async () => {
    const { user } = await newUser();
    expect(await settingsOffsetMinutes(t.app, user.id, new Date('2026-01-05T00:00:00Z'))).toBe(480);
    await t.app.platform.db
      .insert(userSettings)
      .values({
        userId: user.id,
        language: 'en-US',
        timeZone: 'America/New_York',
        notifications: {},
        updatedAt: t.clock.now(),
      })
      .onConflictDoNothing();
    expect(await settingsOffsetMinutes(t.app, user.id, new Date('2026-01-05T00:00:00Z'))).toBe(-300);
    expect(await settingsOffsetMinutes(t.app, user.id, new Date('2026-07-05T00:00:00Z'))).toBe(-240);
  });

  it('settings: a choice stored under an old switch name carries over to the switch that replaced it', async () => {
    const { headers, user } = await newUser();
    await t.app.platform.db.insert(userSettings).values({
      userId: user.id,
      language: 'en-US',
      timeZone: 'UTC',
      notifications: { outbid: false, auctionEnding: false, marketing: true },
      updatedAt: t.clock.now(),
    });
    expect((await get('get-settings', headers)).json().data.notifications).toEqual({
      outbid: false,
      auctionWon: true,
      paymentDue: true,
      delivery: true,
      offers: false,
      selling: true,
    });
  });
});
