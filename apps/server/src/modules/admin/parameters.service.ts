import {
  fieldMessage,
  isParameterKey,
  type Locale,
  PARAMETER_KEYS,
  type Parameter,
  type ParameterChange,
  type ParameterKey,
  PUBLIC_PARAMETER_KEYS,
  type PublicParameters,
  parameterValueMessage,
  parameterValueProblem,
  type UpdateParameterRequest,
} from '@namebourse/contract';
import type { App } from '../../platform/app-context.ts';
import type { AuthUser } from '../../platform/auth.ts';
import { AppError } from '../../platform/errors.ts';
import { afterCommit } from '../../platform/request-tx.ts';
import { getUsersByIds } from '../account/account.service.ts';
import { recordAudit } from './audit.service.ts';
import { presentParameter, presentParameterChange } from './parameters.presenter.ts';
import {
  insertParameterChange,
  listParameterChanges,
  listParameterRows,
  lockParameter,
  type ParameterRow,
  upsertParameter,
} from './parameters.repository.ts';

/**
 * The parameters store's operator side (issue 18; DESIGN.md §3): the list, a change (with its history row
 * and audit entry in one transaction, then every instance told to reload), one key's history, and the
 * values pages show to visitors. Reading a value at use is `app.platform.parameters.get(key)`.
 */

type ParametersApp = Pick<App, 'platform'>;

/** A stored value, when it still fits its definition (else the value in force stands for it). */
function storedValue(key: ParameterKey, row: ParameterRow | undefined): number | boolean | undefined {
  if (!row || parameterValueProblem(key, row.value) !== null) return undefined;
  return row.value as number | boolean;
}

async function accountNumbers(app: ParametersApp, ids: (bigint | null)[]): Promise<Map<string, string>> {
  const users = await getUsersByIds(
    app,
    ids.filter((id): id is bigint => id !== null),
  );
  return new Map([...users].map(([id, user]) => [id, user.accountNo]));
}

function knownKey(key: string): ParameterKey {
  if (!isParameterKey(key)) throw new AppError('Parameter.NotFound');
  return key;
}

/** GET /api/admin/parameters: every parameter with the value in force, in the registry's order. */
export async function listParameters(app: ParametersApp, locale: Locale): Promise<Parameter[]> {
  const rows = new Map((await listParameterRows(app.platform.db)).map((row) => [row.key, row]));
  const operators = await accountNumbers(
    app,
    [...rows.values()].map((row) => row.updatedBy),
  );
  return PARAMETER_KEYS.map((key) => {
    const row = rows.get(key);
    const by = row?.updatedBy ?? null;
    return presentParameter(
      key,
      storedValue(key, row) ?? app.platform.parameters.get(key),
      row,
      by === null ? null : (operators.get(by.toString()) ?? null),
      locale,
    );
  });
}

/**
 * POST /api/admin/parameters/:key: checks the value against the parameter's type and bounds
 * (Request.Invalid with the field message), refuses the value already in force (Parameter.Unchanged:
 * the history holds only real changes), then in one transaction stores it, writes the history row and
 * the audit entry. Once committed, this instance reloads and tells the others (LISTEN/NOTIFY), so the
 * next read anywhere uses the new value.
 */
export async function changeParameter(
  app: ParametersApp,
  actor: Pick<AuthUser, 'id' | 'accountNo' | 'role'>,
  rawKey: string,
  input: Pick<UpdateParameterRequest, 'value' | 'reason'>,
  locale: Locale,
): Promise<Parameter> {
  const key = knownKey(rawKey);
  const problem = parameterValueProblem(key, input.value);
  if (problem !== null) {
    const message = parameterValueMessage(key, problem);
    throw new AppError('Request.Invalid', {
      data: { fields: { value: fieldMessage(message.key, locale, message.params) } },
    });
  }
  const { db, clock, parameters } = app.platform;
  const row = await db.transaction(async (tx) => {
    const now = clock.now();
    const before = await lockParameter(tx, key);
    const oldValue = storedValue(key, before) ?? parameters.get(key);
    if (oldValue === input.value) throw new AppError('Parameter.Unchanged');
    const next: ParameterRow = { key, value: input.value, updatedAt: now, updatedBy: actor.id };
    await upsertParameter(tx, next);
    await insertParameterChange(tx, {
      key,
      oldValue,
      newValue: input.value,
      reason: input.reason,
      actorId: actor.id,
      createdAt: now,
    });
    await recordAudit(tx, {
      entityType: 'parameter',
      entityId: key,
      action: 'parameter.changed',
      fromStatus: String(oldValue),
      toStatus: String(input.value),
      reason: input.reason,
      actor,
      now,
    });
    return next;
  });
  await afterCommit(() => parameters.changed(key));
  return presentParameter(key, input.value, row, actor.accountNo, locale);
}

/** GET /api/admin/parameters/:key/history: newest first, with each operator's account number. */
export async function parameterHistory(app: ParametersApp, rawKey: string): Promise<ParameterChange[]> {
  const key = knownKey(rawKey);
  const rows = await listParameterChanges(app.platform.db, key);
  const operators = await accountNumbers(
    app,
    rows.map((row) => row.actorId),
  );
  return rows.map((row) =>
    presentParameterChange(row, row.actorId === null ? null : (operators.get(row.actorId.toString()) ?? null)),
  );
}

/** GET /api/parameters/public: the values pages show to users (fee rates, deposit rule, minimums). */
export function publicParameters(app: ParametersApp): PublicParameters {
  const { parameters } = app.platform;
  return Object.fromEntries(PUBLIC_PARAMETER_KEYS.map((key) => [key, parameters.get(key)])) as PublicParameters;
}

/**
 * The safety net under the reload event: delivery over LISTEN/NOTIFY is best effort, so a change made on
 * another instance while this instance's listener reconnects would otherwise leave it with the old values
 * until the next change. Every sweep (a few seconds) reads the small parameters table again, inside the
 * sweep's transaction (PGlite has one connection), and claims no rows.
 */
export function registerParameterRefresh(app: ParametersApp): void {
  const { sweeper, parameters } = app.platform;
  sweeper.register<never>({
    name: 'admin.parameters.refresh',
    claim: async (tx) => {
      await parameters.reload(tx);
      return [];
    },
    apply: async () => undefined,
  });
}
