import {
  type BillingInfo,
  type ContactInfo,
  DEFAULT_SETTINGS,
  type Locale,
  notificationPreferencesOf,
  type Profile,
  type Settings,
} from '@namebourse/contract';
import type { AccountFacts, ProfileRow, SettingsRow } from './profile.repository.ts';

/** Complete = first and last name, email and a verified phone (API.md). */
export function isComplete(facts: Pick<AccountFacts, 'email'>, row: ProfileRow | undefined): boolean {
  return Boolean(
    row?.firstName?.trim() &&
      row.lastName?.trim() &&
      facts.email &&
      row.phone &&
      row.phoneCountryCode &&
      row.phoneVerifiedAt,
  );
}

export function presentContactInfo(facts: AccountFacts, row: ProfileRow | undefined): ContactInfo {
  return {
    firstName: row?.firstName ?? '',
    lastName: row?.lastName ?? '',
    company: row?.company ?? '',
    email: facts.email,
    phone: row?.phone ?? '',
    phoneCountryCode: row?.phoneCountryCode ?? '',
    phoneVerified: Boolean(row?.phone && row.phoneVerifiedAt),
    isComplete: isComplete(facts, row),
  };
}

export function presentBillingInfo(row: ProfileRow | undefined): BillingInfo {
  return {
    country: row?.billingCountry ?? '',
    province: row?.billingProvince ?? '',
    city: row?.billingCity ?? '',
    postalCode: row?.billingPostalCode ?? '',
    address: row?.billingAddress ?? '',
    taxId: row?.billingTaxId ?? '',
    phone: row?.billingPhone ?? '',
    phoneCountryCode: row?.billingPhoneCountryCode ?? '',
    phoneVerified: Boolean(row?.billingPhone && row.billingPhoneVerifiedAt),
  };
}

export function presentProfile(facts: AccountFacts): Profile {
  return {
    accountNo: facts.accountNo,
    nickname: facts.nickname,
    email: facts.email,
    createdAt: facts.createdAt.toISOString(),
  };
}

/** Settings with the defaults for anything not stored yet. */
export function presentSettings(row: SettingsRow | undefined): Settings {
  const language: Locale =
    row?.language === 'en-US' ? 'en-US' : row?.language === 'zh-CN' ? 'zh-CN' : DEFAULT_SETTINGS.language;
  return {
    language,
    timeZone: row?.timeZone || DEFAULT_SETTINGS.timeZone,
    notifications: notificationPreferencesOf(row?.notifications),
    digest: row?.digest ?? DEFAULT_SETTINGS.digest,
  };
}
