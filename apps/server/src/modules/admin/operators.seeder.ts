import type { SeededAccount, Seeder } from '../../platform/seeders.ts';
import { ensureOperator } from '../account/account.service.ts';

/** The demo operators besides the admin (ADR 0009): a finance reviewer and a support agent. */
export const DEMO_FINANCE = {
  email: 'finance@namebourse.com',
  password: 'Finance@2026',
  nickname: 'Finance',
  role: 'finance',
} as const;
export const DEMO_SUPPORT = {
  email: 'support@namebourse.com',
  password: 'Support@2026',
  nickname: 'Support',
  role: 'support',
} as const;

/**
 * 'demo-operators': the demo finance and support operators — never in production, where operators
 * other than ADMIN_EMAIL's are created by hand. Accounts that already exist are left alone (and not printed).
 */
export const demoOperatorsSeeder: Seeder = {
  name: 'demo-operators',
  async run({ app, db, clock }) {
    if (app.platform.config.isProduction) return undefined;
    const accounts: SeededAccount[] = [];
    for (const operator of [DEMO_FINANCE, DEMO_SUPPORT]) {
      const { created } = await ensureOperator(db, clock, operator);
      if (created) accounts.push({ role: operator.role, email: operator.email, password: operator.password });
    }
    return { accounts };
  },
};
