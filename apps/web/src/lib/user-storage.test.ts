import { USER_STORAGE_KEYS } from '@namebourse/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { clearUserInfo, readUserInfo, writeUserInfo } from './user-storage.ts';

beforeEach(() => localStorage.clear());

describe('user storage', () => {
  it('reads empty strings when nothing is stored', () => {
    expect(readUserInfo()).toEqual({ accountNo: '', nickname: '' });
  });

  it('writes both keys and clears them', () => {
    writeUserInfo({ accountNo: 'NB1001', nickname: '小明' });
    expect(localStorage.getItem(USER_STORAGE_KEYS.accountNo)).toBe('NB1001');
    expect(localStorage.getItem(USER_STORAGE_KEYS.nickname)).toBe('小明');
    expect(readUserInfo()).toEqual({ accountNo: 'NB1001', nickname: '小明' });
    clearUserInfo();
    expect(localStorage.getItem(USER_STORAGE_KEYS.accountNo)).toBeNull();
    expect(readUserInfo()).toEqual({ accountNo: '', nickname: '' });
  });
});
