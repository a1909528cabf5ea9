import type { Seeder } from '../../platform/seeders.ts';
import { DEMO_BUYER } from '../account/account.seeder.ts';
import { getUserByEmail } from '../account/account.service.ts';
import { findProfile, upsertProfile } from './profile.repository.ts';

/** The demo buyer's contact information: a name and a verified mobile (a reserved test number). */
export const DEMO_CONTACT = {
  firstName: '演示',
  lastName: '买家',
  company: 'NameBourse Demo',
  phoneCountryCode: '86',
  phone: '13800138000',
} as const;

/**
 * 'demo-contact': completes the demo buyer's contact information (spec §6: bidding and buying
 * need a name, an email and a verified phone), so a first look can bid and buy at once. Only
 * demo data: the phone is stored as verified without a code. Left alone when already filled in.
 */
export const demoContactSeeder: Seeder = {
  name: 'demo-contact',
  async run({ app, db, clock }) {
    const buyer = await getUserByEmail(app, DEMO_BUYER.email);
    if (!buyer) return undefined;
    const existing = await findProfile(db, buyer.id);
    if (existing?.phoneVerifiedAt) return undefined;
    const now = clock.now();
    await upsertProfile(db, buyer.id, { ...DEMO_CONTACT, phoneVerifiedAt: now, updatedAt: now });
    return undefined;
  },
};
