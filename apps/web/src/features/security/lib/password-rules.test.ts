import { describe, expect, it } from 'vitest';
import { checkPassword } from './password-rules';

describe('checkPassword', () => {
  it('accepts 8–20 characters with three of four classes', () => {
    expect(checkPassword('Demo@2026').valid).toBe(true);
    expect(checkPassword('abcdEF12').valid).toBe(true);
    expect(checkPassword('abc!12345').valid).toBe(true);
  });
  it('refuses short, long, two-class and spaced passwords', () => {
    expect(checkPassword('Ab1!').lengthOk).toBe(false);
    expect(checkPassword('Aa1!Aa1!Aa1!Aa1!Aa1!x').lengthOk).toBe(false);
    expect(checkPassword('abcdefgh12').valid).toBe(false);
    expect(checkPassword('Abcd 1234').valid).toBe(false);
  });
  it('reports the classes', () => {
    expect(checkPassword('aB3').classes).toEqual({ upper: true, lower: true, digit: true, symbol: false });
    expect(checkPassword('aB3').classCount).toBe(3);
  });
});
