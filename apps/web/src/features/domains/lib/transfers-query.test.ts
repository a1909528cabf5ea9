import { describe, expect, it } from 'vitest';
import { activeOperation, canActOnTransfer, codeBlock, isCodeExpired } from './transfer-state.ts';
import {
  readTransfersFilter,
  TRANSFERS_POLL_MS,
  transfersFilterPatch,
  transfersPollInterval,
  transfersQuery,
} from './transfers-query.ts';

describe('transfer results filter', () => {
  it('reads only known choices from the address', () => {
    expect(
      readTransfersFilter(new URLSearchParams('direction=sideways&status=failed&keyword=%20ab%20&page=3')),
    ).toEqual({
      direction: undefined,
      status: 'failed',
      keyword: 'ab',
      page: 3,
    });
    expect(readTransfersFilter(new URLSearchParams('page=-2')).page).toBe(1);
  });

  it('leaves empty filters out of the query and goes back to page 1 on a change', () => {
    expect(transfersQuery({ keyword: '', page: 2, direction: 'out' })).toEqual({
      direction: 'out',
      page: 2,
      pageSize: 10,
    });
    expect(transfersFilterPatch({ status: undefined })).toEqual({ page: null, status: null });
    expect(transfersFilterPatch({ keyword: ' x ' })).toEqual({ page: null, keyword: 'x' });
  });

  it('polls only while a shown transfer is pending', () => {
    expect(transfersPollInterval([{ status: 'completed' }, { status: 'pending' }])).toBe(TRANSFERS_POLL_MS);
    expect(transfersPollInterval([{ status: 'completed' }, { status: 'failed' }])).toBe(false);
    expect(transfersPollInterval(undefined)).toBe(false);
  });
});

describe('what the page offers for a domain', () => {
  const now = Date.parse('2026-01-01T00:00:00Z');
  const base = {
    status: 'normal',
    lockStatus: 'open',
    transferOutAllowedFrom: '2025-12-01T00:00:00Z',
    listed: false,
    pendingOperation: null,
  } as const;

  it('allows a code once the wait is over, the lock is off and nothing else is going on', () => {
    expect(codeBlock(base, now)).toBeNull();
    expect(codeBlock({ ...base, transferOutAllowedFrom: '2026-01-02T00:00:00Z' }, now)).toBe('wait_period');
    expect(codeBlock({ ...base, lockStatus: 'closed' }, now)).toBe('locked');
    expect(codeBlock({ ...base, lockStatus: 'opening' }, now)).toBe('locked');
    expect(codeBlock({ ...base, listed: true }, now)).toBe('listed');
    expect(codeBlock({ ...base, pendingOperation: 'renew' }, now)).toBe('in_progress');
    expect(codeBlock({ ...base, status: 'in_redemption' }, now)).toBe('state');
  });

  it('allows a new code while transferring out unless a fast transfer or cancellation is in flight', () => {
    const out = { ...base, status: 'transferring_out', lockStatus: 'open' } as const;
    expect(codeBlock({ ...out, pendingOperation: 'transfer_out' }, now)).toBeNull();
    expect(codeBlock({ ...out, pendingOperation: 'cancel_transfer' }, now)).toBe('in_progress');
    // The server keeps the standard transfer as the pending operation; a fast push shows among the operations.
    const pushed = {
      ...out,
      pendingOperation: 'transfer_out',
      operations: [
        { kind: 'fast_transfer', status: 'pending' },
        { kind: 'transfer_out', status: 'pending' },
      ],
    } as const;
    expect(activeOperation(pushed)).toBe('fast_transfer');
    expect(codeBlock(pushed, now)).toBe('in_progress');
    expect(canActOnTransfer(pushed)).toBe(false);
    expect(canActOnTransfer({ ...pushed, operations: [{ kind: 'fast_transfer', status: 'failed' }] })).toBe(true);
  });

  it('knows an expired code', () => {
    expect(isCodeExpired({ authCodeExpiresAt: '2025-12-31T00:00:00Z' }, now)).toBe(true);
    expect(isCodeExpired({ authCodeExpiresAt: null }, now)).toBe(false);
  });
});
