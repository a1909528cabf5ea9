import {
  type BillingInfo,
  type ContactInfo,
  DEFAULT_SETTINGS,
  type ErrorCode,
  type FieldMessageKey,
  fieldMessage,
  isValidTimeZone,
  type Locale,
  type NotificationKey,
  type Profile,
  postalCodeProblem,
  type SaveBillingInfoRequest,
  type SaveContactInfoRequest,
  type Settings,
  taxIdProblem,
  type UpdateProfileRequest,
  type UpdateSettingsRequest,
  type VerificationScene,
} from '@namebourse/contract';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/open-database.ts';
import { AppError } from '../../platform/errors.ts';
import { type NormalisedPhone, parsePhone as normalisePhone } from '../../platform/phone.ts';
import type { RequestContext } from '../../platform/request-context.ts';
import { getUserById, getUsersByIds, updateNickname } from '../account/account.service.ts';
import { checkVerificationCode } from '../account/verification.service.ts';
import {
  isComplete,
  presentBillingInfo,
  presentContactInfo,
  presentProfile,
  presentSettings,
} from './profile.presenter.ts';
import {
  type AccountFacts,
  findProfile,
  findProfiles,
  findSettings,
  type ProfileRow,
  setDigestSentAt,
  setNotificationSwitch,
  upsertProfile,
  upsertSettings,
} from './profile.repository.ts';
import { findCountry } from './regions.ts';

/** What the profile services need of the app: its platform (db, clock) and, for codes, the account module. */
type ProfileApp = Pick<FastifyInstance, 'platform'>;

/** Request.Invalid with localised per-field messages (the web shows them under the fields). */
function invalidFields(locale: Locale, fields: Record<string, FieldMessageKey>): AppError {
  const data: Record<string, string> = {};
  for (const [field, key] of Object.entries(fields)) data[field] = fieldMessage(key, locale);
  return new AppError('Request.Invalid', { data: { fields: data } });
}

/** A specific error code that also names its field, so the form can show it in place. */
function fieldError(
  code: ErrorCode,
  locale: Locale,
  field: string,
  key: FieldMessageKey,
  params?: Record<string, string>,
): AppError {
  return new AppError(code, { data: { fields: { [field]: fieldMessage(key, locale, params) } } });
}

/** The account facts the profile shows, read through the account service (users belongs to it). */
async function findAccountFacts(app: ProfileApp, userId: bigint): Promise<AccountFacts | undefined> {
  const user = await getUserById(app, userId);
  return user && { accountNo: user.accountNo, email: user.email, nickname: user.nickname, createdAt: user.createdAt };
}

async function accountFacts(app: ProfileApp, userId: bigint): Promise<AccountFacts> {
  const facts = await findAccountFacts(app, userId);
  if (!facts) throw new AppError('Account.Unauthorized');
  return facts;
}

function samePhone(phone: NormalisedPhone, storedPhone: string | null, storedCode: string | null): boolean {
  return storedPhone === phone.phone && storedCode === phone.phoneCountryCode;
}

/**
 * Checks the code sent to a new phone (through POST /api/account/send-verification-code with this
 * scene); Request.Invalid when none was given, Verification.CodeInvalid (attempts left) when wrong.
 */
async function verifyNewPhone(
  app: ProfileApp,
  scene: VerificationScene,
  phone: NormalisedPhone,
  code: string | undefined,
  locale: Locale,
): Promise<void> {
  if (!code) throw invalidFields(locale, { verifyCode: 'verifyCodeRequired' });
  await checkVerificationCode(app as FastifyInstance, { scene, target: phone.e164, code });
}

// ---- Contact information ----

export async function getContactInfo(app: ProfileApp, userId: bigint): Promise<ContactInfo> {
  const facts = await accountFacts(app, userId);
  return presentContactInfo(facts, await findProfile(app.platform.db, userId));
}

/**
 * Saves the contact information. The phone must be a valid mobile number for its dial code
 * (Verification.MobileInvalid); a phone other than the stored verified one needs the code of scene
 * UPDATE_CONTACT_PHONE sent to it, and is then stored as verified.
 */
export async function saveContactInfo(
  app: ProfileApp,
  userId: bigint,
  input: SaveContactInfoRequest,
  locale: Locale,
): Promise<ContactInfo> {
  const { db, clock } = app.platform;
  const facts = await accountFacts(app, userId);
  const phone = normalisePhone(input.phoneCountryCode, input.phone, { mobileOnly: true });
  if (!phone) throw fieldError('Verification.MobileInvalid', locale, 'phone', 'mobileInvalid');

  const existing = await findProfile(db, userId);
  const now = clock.now();
  let phoneVerifiedAt = existing?.phoneVerifiedAt ?? null;
  if (!phoneVerifiedAt || !samePhone(phone, existing?.phone ?? null, existing?.phoneCountryCode ?? null)) {
    await verifyNewPhone(app, 'UPDATE_CONTACT_PHONE', phone, input.verifyCode, locale);
    phoneVerifiedAt = now;
  }
  const row = await upsertProfile(db, userId, {
    firstName: input.firstName,
    lastName: input.lastName,
    company: input.company ? input.company.replace(/\s+/g, ' ') : null,
    phone: phone.phone,
    phoneCountryCode: phone.phoneCountryCode,
    phoneVerifiedAt,
    updatedAt: now,
  });
  return presentContactInfo(facts, row);
}

/** The completeness rule (API.md): first and last name, email and a verified phone. */
export async function isContactInfoComplete(app: ProfileApp, userId: bigint): Promise<boolean> {
  const facts = await findAccountFacts(app, userId);
  if (!facts) return false;
  return isComplete(facts, await findProfile(app.platform.db, userId));
}

/** For purchases and bidding (spec §6): Commodity.UserContactInfoIncomplete until the contact information is complete. */
export async function assertContactInfoComplete(app: ProfileApp, userId: bigint): Promise<void> {
  if (!(await isContactInfoComplete(app, userId))) throw new AppError('Commodity.UserContactInfoIncomplete');
}

/**
 * The users among `userIds` whose contact information is not complete (one read for all: batched
 * bidding checks every bid of a batch at once). Same rule as `isContactInfoComplete`.
 */
export async function incompleteContactInfo(app: ProfileApp, userIds: bigint[]): Promise<Set<string>> {
  const unique = [...new Set(userIds)];
  const [users, profileRows] = await Promise.all([getUsersByIds(app, unique), findProfiles(app.platform.db, unique)]);
  const profiles = new Map(profileRows.map((p) => [p.userId.toString(), p]));
  return new Set(
    unique
      .map((id) => id.toString())
      .filter((id) => {
        const user = users.get(id);
        return !user || !isComplete({ email: user.email }, profiles.get(id));
      }),
  );
}

// ---- Billing address ----

export async function getBillingInfo(app: ProfileApp, userId: bigint): Promise<BillingInfo> {
  await accountFacts(app, userId);
  return presentBillingInfo(await findProfile(app.platform.db, userId));
}

/**
 * Saves the billing address: country and province from the region data, the country's postal-code
 * pattern (Profile.PostalCodeInvalid), its tax-id format (Profile.TaxIdInvalid), and an optional
 * billing phone; a new one needs the code of scene UPDATE_BILLING_PHONE unless it is the verified contact phone.
 */
export async function saveBillingInfo(
  app: ProfileApp,
  userId: bigint,
  input: SaveBillingInfoRequest,
  locale: Locale,
): Promise<BillingInfo> {
  const { db, clock } = app.platform;
  await accountFacts(app, userId);
  const country = findCountry(input.country);
  if (!country) throw invalidFields(locale, { country: 'choice' });

  let province: string | null = null;
  if (country.s.length > 0) {
    const wanted = (input.province ?? '').toUpperCase();
    if (!wanted) throw invalidFields(locale, { province: 'required' });
    const match = country.s.find((s) => s.c.toUpperCase() === wanted);
    if (!match) throw invalidFields(locale, { province: 'choice' });
    province = match.c;
  }

  // The field messages say what the country expects (its postal-code format, a unified social credit code).
  const postalCode = (input.postalCode ?? '').trim().toUpperCase();
  const postalProblem = postalCodeProblem(country.c, postalCode);
  if (postalProblem)
    throw fieldError('Profile.PostalCodeInvalid', locale, 'postalCode', postalProblem.key, postalProblem.params);

  const taxId = (input.taxId ?? '').trim();
  const taxProblem = taxIdProblem(country.c, taxId);
  if (taxProblem) throw fieldError('Profile.TaxIdInvalid', locale, 'taxId', taxProblem);

  const existing = await findProfile(db, userId);
  const now = clock.now();
  let billingPhone: NormalisedPhone | null = null;
  let billingPhoneVerifiedAt: Date | null = null;
  if (input.phone) {
    if (!input.phoneCountryCode) throw invalidFields(locale, { phoneCountryCode: 'required' });
    billingPhone = normalisePhone(input.phoneCountryCode, input.phone, { mobileOnly: true });
    if (!billingPhone) throw fieldError('Verification.MobileInvalid', locale, 'phone', 'mobileInvalid');
    billingPhoneVerifiedAt = await billingPhoneVerification(app, existing, billingPhone, input.verifyCode, locale, now);
  }

  const row = await upsertProfile(db, userId, {
    billingCountry: country.c,
    billingProvince: province,
    billingCity: input.city,
    billingPostalCode: postalCode || null,
    billingAddress: input.address,
    billingTaxId: taxId ? (country.c === 'CN' ? taxId.toUpperCase() : taxId) : null,
    billingPhone: billingPhone?.phone ?? null,
    billingPhoneCountryCode: billingPhone?.phoneCountryCode ?? null,
    billingPhoneVerifiedAt,
    updatedAt: now,
  });
  return presentBillingInfo(row);
}

async function billingPhoneVerification(
  app: ProfileApp,
  existing: ProfileRow | undefined,
  phone: NormalisedPhone,
  code: string | undefined,
  locale: Locale,
  now: Date,
): Promise<Date> {
  if (existing?.billingPhoneVerifiedAt && samePhone(phone, existing.billingPhone, existing.billingPhoneCountryCode))
    return existing.billingPhoneVerifiedAt;
  // The verified contact phone needs no second code.
  if (existing?.phoneVerifiedAt && samePhone(phone, existing.phone, existing.phoneCountryCode)) return now;
  await verifyNewPhone(app, 'UPDATE_BILLING_PHONE', phone, code, locale);
  return now;
}

// ---- Profile and settings ----

export async function getProfile(app: ProfileApp, userId: bigint): Promise<Profile> {
  return presentProfile(await accountFacts(app, userId));
}

export async function updateProfile(app: ProfileApp, userId: bigint, input: UpdateProfileRequest): Promise<Profile> {
  await accountFacts(app, userId);
  await updateNickname(app, userId, input.nickname);
  return presentProfile(await accountFacts(app, userId));
}

export async function getSettings(app: ProfileApp, userId: bigint): Promise<Settings> {
  return presentSettings(await findSettings(app.platform.db, userId));
}

/** The browser's own IANA zone, which the web app keeps in this cookie (apps/web/src/lib/render-env.ts). */
const DEVICE_TIME_ZONE_COOKIE = 'nb_tz';

/**
 * A new account's settings: the language it signed up in and its device's time zone (when the browser told
 * it), the default switches. Without this a user who signed up in English would read Chinese e-mails and
 * Shanghai times until they saved their settings.
 */
export async function initialSettings(app: ProfileApp, userId: bigint, context: RequestContext): Promise<void> {
  const zone = context.cookies[DEVICE_TIME_ZONE_COOKIE];
  await upsertSettings(app.platform.db, userId, {
    language: context.locale,
    timeZone: zone && isValidTimeZone(zone) ? zone : DEFAULT_SETTINGS.timeZone,
    notifications: { ...DEFAULT_SETTINGS.notifications },
    updatedAt: app.platform.clock.now(),
  });
}

export async function updateSettings(app: ProfileApp, userId: bigint, input: UpdateSettingsRequest): Promise<Settings> {
  const { db, clock } = app.platform;
  const row = await upsertSettings(db, userId, {
    language: input.language,
    timeZone: input.timeZone,
    notifications: { ...input.notifications },
    // Left out by a client of before issue 18: the stored choice stays.
    ...(input.digest === undefined ? {} : { digest: input.digest }),
    updatedAt: clock.now(),
  });
  return presentSettings(row);
}

/**
 * The settings the e-mail notifications read, inside the caller's transaction (the message sweeper):
 * the switches, digest, language and time zone, with the defaults for anything not stored yet.
 */
export async function readSettings(db: DbOrTx, userId: bigint): Promise<Settings> {
  return presentSettings(await findSettings(db, userId));
}

/** Turns one e-mail switch on or off (the unsubscribe link), keeping every other setting. */
export async function setNotificationPreference(
  app: ProfileApp,
  userId: bigint,
  key: NotificationKey,
  on: boolean,
): Promise<Settings> {
  const { db, clock } = app.platform;
  const current = await readSettings(db, userId);
  const row = await setNotificationSwitch(
    db,
    userId,
    key,
    on,
    { language: current.language, timeZone: current.timeZone, notifications: current.notifications },
    clock.now(),
  );
  return presentSettings(row);
}

/** Records that the user's daily digest went out at `at`. */
export async function markDigestSent(db: DbOrTx, userId: bigint, at: Date): Promise<void> {
  await setDigestSentAt(db, userId, at);
}

/**
 * Minutes east of UTC of the user's time-zone setting at `at` (480 for Asia/Shanghai): for files that
 * write times at one fixed offset (the exports), so they follow the setting rather than the browser.
 */
export async function settingsOffsetMinutes(app: ProfileApp, userId: bigint, at: Date): Promise<number> {
  const { timeZone } = await getSettings(app, userId);
  try {
    const name =
      new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
        .formatToParts(at)
        .find((part) => part.type === 'timeZoneName')?.value ?? 'GMT';
    const match = /^GMT([+-])(\d{2}):(\d{2})$/.exec(name);
    if (!match) return 0;
    const minutes = Number(match[2]) * 60 + Number(match[3]);
    return match[1] === '-' ? -minutes : minutes;
  } catch {
    return 0;
  }
}
