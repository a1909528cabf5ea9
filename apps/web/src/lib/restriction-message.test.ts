import { describe, expect, it } from 'vitest';
import { withRestrictionReason } from './restriction-message.ts';

describe('withRestrictionReason', () => {
  it('adds the operator’s reason to Account.Restricted in either language', () => {
    const data = { scopes: ['bid'], reason: 'Unpaid orders', until: null };
    expect(
      withRestrictionReason('Account.Restricted', 'Your account is restricted with limited functionality', data),
    ).toBe('Your account is restricted with limited functionality: Unpaid orders');
    expect(withRestrictionReason('Account.Restricted', '您的账户受限，部分功能不可用', { reason: '核实中' })).toBe(
      '您的账户受限，部分功能不可用：核实中',
    );
  });

  it('leaves other errors and restrictions without a reason alone', () => {
    expect(withRestrictionReason('Account.Forbidden', 'No', { reason: 'x' })).toBe('No');
    expect(withRestrictionReason('Account.Restricted', 'Restricted', null)).toBe('Restricted');
    expect(withRestrictionReason('Account.Restricted', 'Restricted', { reason: ' ' })).toBe('Restricted');
  });
});
