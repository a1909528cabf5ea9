import type { SeededAccount, Seeder } from '../../platform/seeders.ts';
import { findUserByEmail } from './account.repository.ts';
import { createUser, ensureAdmin } from './account.service.ts';

export const DEMO_BUYER = { email: 'demo@namebourse.com', password: 'Demo@2026', nickname: 'Demo' } as const;
export const DEMO_OPERATOR = { email: 'admin@namebourse.com', password: 'Admin@2026', nickname: 'admin' } as const;

/**
 * 'demo-accounts': a demo buyer, and a demo operator when ADMIN_EMAIL is not configured — never in
 * production, where the only operator is the one of ADMIN_EMAIL (its password is not published).
 * Accounts that already exist are left alone (and not printed).
 */
export const demoAccountsSeeder: Seeder = {
  name: 'demo-accounts',
  async run({ app, db, clock }) {
    const accounts: SeededAccount[] = [];
    if (!(await findUserByEmail(db, DEMO_BUYER.email))) {
      await createUser(db, clock, { ...DEMO_BUYER, role: 'user' });
      accounts.push({ role: 'buyer', email: DEMO_BUYER.email, password: DEMO_BUYER.password });
    }
    if (!app.platform.config.admin && !app.platform.config.isProduction) {
      const { created } = await ensureAdmin(db, clock, DEMO_OPERATOR);
      if (created) accounts.push({ role: 'admin', email: DEMO_OPERATOR.email, password: DEMO_OPERATOR.password });
    }
    return { accounts };
  },
};
