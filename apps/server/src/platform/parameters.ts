import {
  DEFAULT_PARAMETERS,
  isParameterKey,
  PARAMETER_KEYS,
  type ParameterKey,
  type ParameterValues,
  parameterValueProblem,
} from '@namebourse/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../db/open-database.ts';
import { parameters } from '../db/schema/index.ts';
import type { EventBus } from './events.ts';

/** The event every instance reloads its parameters on (published after a change commits). */
export const PARAMETERS_CHANGED = 'parameters.changed';

/**
 * The parameters store (DESIGN.md §3; issue 18): every business number an operator may change, read at use.
 * Values live in the `parameters` table (a key without a row has the contract's default); each instance keeps
 * them in memory, loaded at start and again whenever `parameters.changed` arrives (LISTEN/NOTIFY carries it
 * to every instance), so a read is a property access and a change takes effect at once everywhere.
 *
 * The admin module writes the table (with the history and the audit entry) and calls `changed()`.
 */
export interface ParameterStore {
  /** The value in force. */
  get<K extends ParameterKey>(key: K): ParameterValues[K];
  /** Every value in force (a copy). */
  all(): ParameterValues;
  /**
   * Reads the table again (after a change here, told by another instance, or from the sweeper's periodic
   * check — see `registerParameterRefresh`); `source` reads inside a transaction (the sweeper's).
   */
  reload(source?: DbOrTx): Promise<void>;
  /** After a change committed: reload here and tell every other instance. */
  changed(key: ParameterKey): Promise<void>;
}

/** Values from stored rows over the defaults; a row that no longer fits its definition is ignored (logged). */
export function valuesFrom(rows: readonly { key: string; value: unknown }[], log?: FastifyBaseLogger): ParameterValues {
  const values = { ...DEFAULT_PARAMETERS } as Record<ParameterKey, number | boolean>;
  for (const row of rows) {
    if (!isParameterKey(row.key)) continue;
    if (parameterValueProblem(row.key, row.value) !== null) {
      log?.warn({ key: row.key }, 'stored parameter out of its bounds; the default applies');
      continue;
    }
    values[row.key] = row.value as number | boolean;
  }
  return values as ParameterValues;
}

/**
 * Creates the store and loads it. `overrides` replace defaults before the table is read (tests, and the
 * legacy GOODWILL_CREDIT_CENTS setting); a stored value still wins over them.
 */
export async function createParameterStore(
  db: Db,
  events: EventBus,
  log: FastifyBaseLogger,
  overrides: Partial<ParameterValues> = {},
): Promise<ParameterStore> {
  let values: ParameterValues = { ...DEFAULT_PARAMETERS, ...overrides };
  // Reloads may overlap (an event, a change here, the sweeper's check) and finish out of order on a pool:
  // only a read started after the one whose values stand may replace them, so an older read never wins.
  let started = 0;
  let applied = 0;
  let loaded: string | null = null;
  const reload = async (source: DbOrTx = db) => {
    const ticket = ++started;
    const rows = await source.select({ key: parameters.key, value: parameters.value }).from(parameters);
    if (ticket < applied) return;
    applied = ticket;
    // The sweeper checks every few seconds: rebuild (and warn about a stored value out of bounds) only on a change.
    const fingerprint = JSON.stringify(
      [...rows].sort((a, b) => (a.key < b.key ? -1 : 1)).map((row) => [row.key, row.value]),
    );
    if (fingerprint === loaded) return;
    loaded = fingerprint;
    values = { ...valuesFrom([], log), ...overrides, ...storedOnly(valuesFrom(rows, log), rows) };
  };
  await reload();
  events.subscribe(PARAMETERS_CHANGED, () => {
    reload().catch((err: unknown) => log.error({ err }, 'reloading parameters failed'));
  });
  return {
    get: (key) => values[key],
    all: () => ({ ...values }),
    reload: (source) => reload(source),
    changed: async (key) => {
      await reload();
      await events.publish(PARAMETERS_CHANGED, { key });
    },
  };
}

/** Only the keys that have a stored row (so overrides apply to the rest). */
function storedOnly(values: ParameterValues, rows: readonly { key: string }[]): Partial<ParameterValues> {
  const stored = new Set(rows.map((row) => row.key));
  return Object.fromEntries(PARAMETER_KEYS.filter((key) => stored.has(key)).map((key) => [key, values[key]]));
}
