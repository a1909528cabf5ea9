import { describe, expect, it } from 'vitest';
import { isRowIdText, MAX_ROW_ID, rowIdText } from './row-id.ts';

describe('isRowIdText', () => {
  it('agrees with PostgreSQL: MAX_ROW_ID is 2^63 − 1', () => {
    expect(BigInt(MAX_ROW_ID)).toBe(2n ** 63n - 1n);
  });

  it.each([
    '1',
    '9',
    '10',
    '42',
    '1000000',
    '999999999999999999',
    '1000000000000000000',
    '9223372036854775806',
    MAX_ROW_ID,
  ])('accepts %s', (text) => {
    expect(isRowIdText(text)).toBe(true);
  });

  it.each([
    ['MAX + 1', '9223372036854775808'],
    ['a 19-digit id above MAX', '9999999999999999999'],
    ['20 digits', '99999999999999999999'],
    ['20 digits starting low', '10000000000000000000'],
    ['zero', '0'],
    ['a leading zero', '01'],
    ['a zero-padded MAX', `0${MAX_ROW_ID}`],
    ['empty', ''],
    ['a sign', '-1'],
    ['a plus sign', '+1'],
    ['a decimal', '1.5'],
    ['an exponent', '1e3'],
    ['hex', '0x10'],
    ['letters', 'abc'],
    ['spaces', ' 1'],
    ['a trailing newline', '1\n'],
    ['full-width digits', '１２'],
    ['Arabic-Indic digits', '١٢'],
  ])('refuses %s', (_name, text) => {
    expect(isRowIdText(text)).toBe(false);
  });
});

describe('rowIdText', () => {
  const issues = (value: unknown, schema = rowIdText()) =>
    schema.safeParse(value).error?.issues.map((issue) => issue.message) ?? [];

  it('passes a row id through unchanged', () => {
    expect(rowIdText().parse(MAX_ROW_ID)).toBe(MAX_ROW_ID);
    expect(rowIdText().parse('7')).toBe('7');
  });

  it('refuses an id above bigint with one field message, as it does a malformed one', () => {
    expect(issues('9223372036854775808')).toEqual(['choice']);
    expect(issues('99999999999999999999')).toEqual(['choice']);
    expect(issues('abc')).toEqual(['choice']);
    expect(issues('0')).toEqual(['choice']);
    expect(issues('9223372036854775808', rowIdText('invalid'))).toEqual(['invalid']);
  });
});
