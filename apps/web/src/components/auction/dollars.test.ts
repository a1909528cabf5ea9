import { describe, expect, it } from 'vitest';
import { centsToDollarInput, parseDollarsToCents } from './dollars.ts';

describe('parseDollarsToCents', () => {
  it('turns dollar text into integer cents without floating point', () => {
    expect(parseDollarsToCents('12')).toBe(1200);
    expect(parseDollarsToCents('12.5')).toBe(1250);
    expect(parseDollarsToCents('12.50')).toBe(1250);
    expect(parseDollarsToCents('0.29')).toBe(29);
    expect(parseDollarsToCents('1,234.56')).toBe(123456);
    expect(parseDollarsToCents(' $ 99 ')).toBe(9900);
    expect(parseDollarsToCents('12.')).toBe(1200);
  });

  it('refuses what is not an amount of dollars and cents', () => {
    for (const text of ['', ' ', 'abc', '-5', '1.234', '1e3', '12,5x', '.5', null, undefined]) {
      expect(parseDollarsToCents(text), String(text)).toBeNull();
    }
  });
});

describe('centsToDollarInput', () => {
  it('writes whole dollars without decimals and cents with two', () => {
    expect(centsToDollarInput(1200)).toBe('12');
    expect(centsToDollarInput(1205)).toBe('12.05');
    expect(centsToDollarInput(5)).toBe('0.05');
    expect(parseDollarsToCents(centsToDollarInput(987654))).toBe(987654);
  });
});
