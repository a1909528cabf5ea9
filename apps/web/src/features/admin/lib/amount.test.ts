import { describe, expect, it } from 'vitest';
import { ADJUSTMENT_MAX_CENTS, adjustmentAmountProblem, parseSignedDollarsToCents } from './amount.ts';

describe('parseSignedDollarsToCents', () => {
  it.each([
    ['25', 2500],
    ['+25', 2500],
    ['25.5', 2550],
    ['25.05', 2505],
    ['-12.50', -1250],
    ['−3', -300],
    [' - 7.1 ', -710],
    ['$10', 1000],
    ['-$10.99', -1099],
    ['1,234.56', 123456],
    ['-1,000,000', -100000000],
    ['0.01', 1],
    ['0', 0],
  ])('%s → %i cents', (input, cents) => {
    expect(parseSignedDollarsToCents(input)).toBe(cents);
  });

  it.each(['', ' ', 'abc', '12.345', '1.2.3', '--5', '+-5', '12.', '.5', '1,23', '12,34.5', '1e3', '5$', '0x10'])(
    'refuses %j',
    (input) => {
      expect(parseSignedDollarsToCents(input)).toBeNull();
    },
  );

  it('never goes through floating point: every cent value of a range round-trips', () => {
    for (let cents = -1000; cents <= 1000; cents += 7) {
      const text = `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;
      expect(parseSignedDollarsToCents(text)).toBe(cents);
    }
  });
});

describe('adjustmentAmountProblem', () => {
  it('accepts a non-zero amount within the bounds either way', () => {
    expect(adjustmentAmountProblem('0.01')).toBeNull();
    expect(adjustmentAmountProblem('-0.01')).toBeNull();
    expect(adjustmentAmountProblem('1000000')).toBeNull();
    expect(adjustmentAmountProblem('-1,000,000.00')).toBeNull();
  });

  it('names what is wrong', () => {
    expect(adjustmentAmountProblem('')).toBe('required');
    expect(adjustmentAmountProblem('  ')).toBe('required');
    expect(adjustmentAmountProblem('ten')).toBe('invalid');
    expect(adjustmentAmountProblem('1.234')).toBe('invalid');
    expect(adjustmentAmountProblem('0')).toBe('zero');
    expect(adjustmentAmountProblem('-0.00')).toBe('zero');
    expect(adjustmentAmountProblem('1000000.01')).toBe('tooLarge');
    expect(adjustmentAmountProblem('-2000000')).toBe('tooLarge');
    expect(ADJUSTMENT_MAX_CENTS).toBe(100_000_000);
  });
});
