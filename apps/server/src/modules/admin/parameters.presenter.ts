import { type Locale, PARAMETERS, type Parameter, type ParameterChange, type ParameterKey } from '@namebourse/contract';
import type { ParameterChangeRow, ParameterRow } from './parameters.repository.ts';

/** One parameter as the console lists it: the value in force, its definition, who set it last. */
export function presentParameter(
  key: ParameterKey,
  value: number | boolean,
  row: ParameterRow | undefined,
  updatedBy: string | null,
  locale: Locale,
): Parameter {
  const definition = PARAMETERS[key];
  return {
    key,
    value,
    type: definition.type,
    group: definition.group,
    defaultValue: definition.default,
    ...('min' in definition ? { min: definition.min } : {}),
    ...('max' in definition ? { max: definition.max } : {}),
    public: definition.public,
    description: definition.description[locale],
    updatedAt: row ? row.updatedAt.toISOString() : null,
    updatedBy,
  };
}

/** One change of a parameter, with the operator's account number (null when the account is gone). */
export function presentParameterChange(row: ParameterChangeRow, actor: string | null): ParameterChange {
  return {
    id: row.id.toString(),
    key: row.key,
    oldValue: row.oldValue as number | boolean,
    newValue: row.newValue as number | boolean,
    reason: row.reason,
    actor,
    createdAt: row.createdAt.toISOString(),
  };
}
