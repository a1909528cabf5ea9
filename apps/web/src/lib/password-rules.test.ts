import { passwordStrength } from '@namebourse/contract';
import { describe, expect, it } from 'vitest';
import { confirmProblem, passwordChecklist, passwordProblem } from './password-rules.ts';

describe('passwordChecklist', () => {
  it('needs 8 to 20 characters', () => {
    expect(passwordChecklist('Ab1!').length).toBe(false);
    expect(passwordChecklist('Abcdef1!').length).toBe(true);
    expect(passwordChecklist(`Ab1!${'x'.repeat(16)}`).length).toBe(true);
    expect(passwordChecklist(`Ab1!${'x'.repeat(17)}`).length).toBe(false);
  });

  it('counts the four character kinds', () => {
    const list = passwordChecklist('abcDEF12');
    expect(list.kinds).toEqual({ upper: true, lower: true, digit: true, symbol: false });
    expect(list.kindCount).toBe(3);
    expect(passwordChecklist('中文密码!a1').kinds.symbol).toBe(true);
  });

  it('is valid with the length and at least three kinds', () => {
    expect(passwordChecklist('abcdefgh').valid).toBe(false);
    expect(passwordChecklist('abcdefg1').valid).toBe(false);
    expect(passwordChecklist('abcdef1!').valid).toBe(true);
    expect(passwordChecklist('Abcdef12').valid).toBe(true);
    expect(passwordChecklist('Ab1!').valid).toBe(false);
  });

  it.each([
    ['Demo@2026', true],
    ['abcdEF12', true],
    ['abc!12345', true],
    ['Aa1!Aa1!Aa1!Aa1!Aa1!x', false],
    ['abcdefgh12', false],
    ['Abcd 1234', false],
  ])('agrees with the contract rule on %s', (password, valid) => {
    expect(passwordChecklist(password).valid).toBe(valid);
    expect(passwordChecklist(password).valid).toBe(passwordStrength(password).ok);
  });

  it('refuses spaces, as the server does', () => {
    const list = passwordChecklist('Abc def 12');
    expect(list.noSpaces).toBe(false);
    expect(list.valid).toBe(false);
  });

  it('grades the strength', () => {
    expect(passwordChecklist('').strength).toBe(0);
    expect(passwordChecklist('Ab1').strength).toBe(1);
    expect(passwordChecklist('abcdefgh').strength).toBe(2);
    expect(passwordChecklist('Abcdef12').strength).toBe(3);
    expect(passwordChecklist('Abcdef12!xyz').strength).toBe(4);
  });
});

describe('password problems', () => {
  it('reports required, weak or nothing', () => {
    expect(passwordProblem('')).toBe('required');
    expect(passwordProblem('abc')).toBe('weak');
    expect(passwordProblem('Abcdef12')).toBeNull();
  });

  it('checks the confirmation', () => {
    expect(confirmProblem('Abcdef12', '')).toBe('required');
    expect(confirmProblem('Abcdef12', 'Abcdef13')).toBe('mismatch');
    expect(confirmProblem('Abcdef12', 'Abcdef12')).toBeNull();
  });
});
