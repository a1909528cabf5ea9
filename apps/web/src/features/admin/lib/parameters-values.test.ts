import { describe, expect, it } from 'vitest';
import {
  bpsToPercentText,
  centsToDollarText,
  checkParameterInput,
  formatParameterValue,
  parameterInputText,
  parseParameterInput,
  parsePercentToBps,
  parseWholeNumber,
} from './parameters-values.ts';

const LABELS = { on: 'On', off: 'Off' };

describe('formatParameterValue', () => {
  it.each([
    ['cents', 100, '$1.00'],
    ['cents', 5_000, '$50.00'],
    ['cents', 100_000_000, '$1,000,000.00'],
    ['bps', 300, '3%'],
    ['bps', 150, '1.5%'],
    ['bps', 295, '2.95%'],
    ['bps', 1, '0.01%'],
    ['bps', 0, '0%'],
    ['days', 14, '14 days'],
    ['days', 1, '1 day'],
    ['months', 24, '24 months'],
    ['count', 10_000, '10,000'],
  ] as const)('%s %d → %s (en-US)', (type, value, text) => {
    expect(formatParameterValue(type, value, 'en-US', LABELS)).toBe(text);
  });

  it('writes Chinese units and separators in zh-CN', () => {
    expect(formatParameterValue('days', 60, 'zh-CN', LABELS)).toBe('60天');
    expect(formatParameterValue('months', 24, 'zh-CN', LABELS)).toBe('24个月');
    expect(formatParameterValue('bps', 1250, 'zh-CN', LABELS)).toBe('12.5%');
    expect(formatParameterValue('cents', 123_456, 'zh-CN', LABELS)).toBe('$1,234.56');
  });

  it('shows a switch by its labels', () => {
    expect(formatParameterValue('boolean', true, 'en-US', LABELS)).toBe('On');
    expect(formatParameterValue('boolean', false, 'en-US', LABELS)).toBe('Off');
  });
});

describe('percent ↔ basis points, exactly', () => {
  it.each([
    ['3', 300],
    ['2.95', 295],
    ['0.5', 50],
    ['0.05', 5],
    [' 12.5 % ', 1250],
    ['1,000', 100_000],
    ['0', 0],
  ])('%j → %d bps', (input, bps) => {
    expect(parsePercentToBps(input)).toBe(bps);
  });

  it.each(['', 'abc', '2.955', '-1', '1.', '.5', '1e2', '3%%', '1,00'])('refuses %j', (input) => {
    expect(parsePercentToBps(input)).toBeNull();
  });

  it('round-trips every rate from 0% to 100% without floating point', () => {
    for (let bps = 0; bps <= 10_000; bps++) expect(parsePercentToBps(bpsToPercentText(bps))).toBe(bps);
    // 0.29 * 100 is 28.999999999999996 in floating point; the text conversion is exact.
    expect(parsePercentToBps('0.29')).toBe(29);
    expect(parsePercentToBps('1.15')).toBe(115);
  });
});

describe('dollars ↔ cents for the field', () => {
  it('writes cents as the field text', () => {
    expect(centsToDollarText(100)).toBe('1');
    expect(centsToDollarText(150)).toBe('1.50');
    expect(centsToDollarText(5)).toBe('0.05');
    expect(centsToDollarText(123_456)).toBe('1234.56');
  });

  it('reads dollars as integer cents, round trip included', () => {
    expect(parseParameterInput('cents', '$1,234.56')).toBe(123_456);
    expect(parseParameterInput('cents', '0.29')).toBe(29);
    for (let cents = 0; cents <= 20_000; cents += 7)
      expect(parseParameterInput('cents', parameterInputText('cents', cents))).toBe(cents);
  });

  it('reads whole numbers for counts and durations', () => {
    expect(parseWholeNumber('10,000')).toBe(10_000);
    expect(parseParameterInput('days', ' 30 ')).toBe(30);
    expect(parseParameterInput('days', '1.5')).toBeNull();
    expect(parseParameterInput('count', '-3')).toBeNull();
  });
});

describe('checkParameterInput (the bounds the server checks)', () => {
  const fee = { type: 'bps', min: 0, max: 2_000 } as const;
  const minimum = { type: 'cents', min: 100, max: 1_000_000 } as const;

  it('accepts a value within the bounds, inclusive', () => {
    expect(checkParameterInput(fee, '20')).toEqual({ value: 2_000, problem: null });
    expect(checkParameterInput(fee, '0')).toEqual({ value: 0, problem: null });
    expect(checkParameterInput(minimum, '1')).toEqual({ value: 100, problem: null });
  });

  it('names what is wrong', () => {
    expect(checkParameterInput(fee, ' ').problem).toBe('required');
    expect(checkParameterInput(fee, 'three').problem).toBe('invalid');
    expect(checkParameterInput(fee, '20.01').problem).toBe('max');
    expect(checkParameterInput(minimum, '0.99').problem).toBe('min');
    expect(checkParameterInput(minimum, '-5').problem).toBe('min');
  });
});
