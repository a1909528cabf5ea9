/** support: the constants and rules that need no schema (pages import them without zod; see support.ts). */

/** Support contacts and hours (spec §1, §2 footer). */
export const SUPPORT = {
  serviceEmail: 'service@namebourse.com',
  businessEmail: 'business@namebourse.com',
  hours: { days: 'Mon-Fri', open: '9:30', close: '18:30', utcOffset: '+08:00' },
} as const;

export const FEEDBACK_CATEGORIES = [
  'account',
  'auction',
  'payment',
  'domain',
  'listing',
  'suggestion',
  'other',
] as const;

export type FeedbackCategory = (typeof FEEDBACK_CATEGORIES)[number];

export const FEEDBACK_LIMITS = { nameMax: 50, contentMin: 10, contentMax: 2000, emailMax: 254 } as const;
