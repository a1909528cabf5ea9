import type { Parameter, ParameterType } from '@namebourse/contract';
import { formatMoney } from '../../../lib/format.ts';
import { parseSignedDollarsToCents } from './amount.ts';

/**
 * The values of the parameters store (issue 18) as operators read and type them: cents as dollars, basis points as
 * a percentage, counts and durations as whole numbers, a switch as on/off. Conversions are exact (string
 * arithmetic, no floating point): '2.95' % is 295 bps, '$1,234.56' is 123456 cents.
 */

function intlLocale(lng: string): string {
  return lng.toLowerCase().startsWith('zh') ? 'zh-CN' : 'en-US';
}

/** Basis points as a percentage text, exactly: 295 → '2.95', 300 → '3', 1250 → '12.5', -5 → '-0.05'. */
export function bpsToPercentText(bps: number): string {
  const negative = bps < 0;
  const abs = Math.abs(Math.trunc(bps));
  const whole = Math.floor(abs / 100);
  const rest = String(abs % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${rest ? `.${rest}` : ''}`;
}

/** Cents as the text of a dollar field: 100 → '1', 150 → '1.50', 123456 → '1234.56'. */
export function centsToDollarText(cents: number): string {
  const negative = cents < 0;
  const abs = Math.abs(Math.trunc(cents));
  const whole = Math.floor(abs / 100);
  const rest = abs % 100;
  return `${negative ? '-' : ''}${whole}${rest ? `.${String(rest).padStart(2, '0')}` : ''}`;
}

/**
 * A percentage typed by an operator as basis points: '3' → 300, '2.95' → 295, '0.5%' → 50, '1,000' → 100000.
 * Null when it is not a non-negative number with at most two decimals.
 */
export function parsePercentToBps(input: string): number | null {
  const m = /^\s*(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?\s*%?\s*$/.exec(input);
  if (!m) return null;
  const whole = Number((m[1] ?? '').replace(/,/g, ''));
  const bps = whole * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(bps) ? bps : null;
}

/** A whole number typed by an operator ('30', '10,000'); null otherwise. */
export function parseWholeNumber(input: string): number | null {
  const m = /^\s*(\d{1,3}(?:,\d{3})+|\d+)\s*$/.exec(input);
  if (!m) return null;
  const value = Number((m[1] ?? '').replace(/,/g, ''));
  return Number.isSafeInteger(value) ? value : null;
}

/** The integer value of a number parameter from what was typed in its field (null: not a value of that type). */
export function parseParameterInput(type: Exclude<ParameterType, 'boolean'>, input: string): number | null {
  switch (type) {
    case 'cents':
      return parseSignedDollarsToCents(input);
    case 'bps':
      return parsePercentToBps(input);
    default:
      return parseWholeNumber(input);
  }
}

/** The text a number parameter's field starts with (its current value in the field's unit). */
export function parameterInputText(type: Exclude<ParameterType, 'boolean'>, value: number): string {
  switch (type) {
    case 'cents':
      return centsToDollarText(value);
    case 'bps':
      return bpsToPercentText(value);
    default:
      return String(value);
  }
}

export type ParameterInputProblem = 'required' | 'invalid' | 'min' | 'max';

/** Why a typed value cannot be sent (the server checks the same bounds), or null with the value to send. */
export function checkParameterInput(
  parameter: Pick<Parameter, 'type' | 'min' | 'max'>,
  input: string,
): { value: number; problem: null } | { value: null; problem: ParameterInputProblem } {
  if (parameter.type === 'boolean') return { value: null, problem: 'invalid' };
  if (input.trim() === '') return { value: null, problem: 'required' };
  const value = parseParameterInput(parameter.type, input);
  if (value === null) return { value: null, problem: 'invalid' };
  if (parameter.min !== undefined && value < parameter.min) return { value: null, problem: 'min' };
  if (parameter.max !== undefined && value > parameter.max) return { value: null, problem: 'max' };
  return { value, problem: null };
}

export interface SwitchLabels {
  on: string;
  off: string;
}

/**
 * A parameter's value as text in the UI language: '$1.00', '2.95%', '14 days' / '14天', '24 months', '10,000',
 * and a switch by its labels.
 */
export function formatParameterValue(
  type: ParameterType,
  value: number | boolean,
  lng: string,
  labels: SwitchLabels,
): string {
  if (type === 'boolean' || typeof value === 'boolean') return value === true ? labels.on : labels.off;
  const locale = intlLocale(lng);
  switch (type) {
    case 'cents':
      return formatMoney(value, lng);
    case 'bps':
      return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(
        `${bpsToPercentText(value)}E-2` as Intl.StringNumericLiteral,
      );
    case 'days':
    case 'months':
      return new Intl.NumberFormat(locale, {
        style: 'unit',
        unit: type === 'days' ? 'day' : 'month',
        unitDisplay: 'long',
      }).format(value);
    default:
      return new Intl.NumberFormat(locale).format(value);
  }
}
