import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '../db/open-database.ts';
import type { Clock } from './clock.ts';

/** An account a seeder created, printed at start-up so a new user can sign in. */
export interface SeededAccount {
  role: string;
  email: string;
  password: string;
}

export interface SeederContext {
  app: FastifyInstance;
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
}

/**
 * Demo data for a brand-new database (SEED_DEMO; on by default with embedded PGlite). Modules
 * register theirs at registration time; `runFirstStart` runs them once, in registration order.
 */
export interface Seeder {
  name: string;
  /** Returns the accounts it created for the start-up banner, or nothing. */
  run(ctx: SeederContext): Promise<SeederResult | undefined>;
}

export interface SeederResult {
  accounts?: SeededAccount[];
}

/** Creates (or confirms) the operator account from ADMIN_EMAIL / ADMIN_PASSWORD; supplied by the account module. */
export type OperatorProvisioner = (
  ctx: SeederContext,
  admin: { email: string; password: string },
) => Promise<{ created: boolean }>;

export class SeederRegistry {
  readonly #seeders: Seeder[] = [];
  #operator: OperatorProvisioner | undefined;

  /** The account module provides how the operator account is created (the platform knows no modules). */
  provideOperator(provisioner: OperatorProvisioner): void {
    this.#operator = provisioner;
  }

  get operatorProvisioner(): OperatorProvisioner | undefined {
    return this.#operator;
  }

  register(seeder: Seeder): void {
    if (this.#seeders.some((s) => s.name === seeder.name)) {
      throw new Error(`Seeder "${seeder.name}" is already registered`);
    }
    this.#seeders.push(seeder);
  }

  list(): readonly Seeder[] {
    return [...this.#seeders];
  }
}
