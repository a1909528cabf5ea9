import { DOMAIN_STATUSES, DOMAIN_TRANSITIONS, type DomainStatus } from '@namebourse/contract';
import { describe, expect, it } from 'vitest';
import { paidOperationRefusal, settledStatus } from './domains.renewal.ts';
import { fastTransferRefusal, statusAfterTransfer, transferCodeHash, transferCodeRefusal } from './domains.transfer.ts';

const DAY = 86_400_000;
const now = new Date('2026-03-01T00:00:00Z');
const at = (days: number) => new Date(now.getTime() + days * DAY);

const ready = {
  status: 'normal',
  pendingOperation: null,
  lockStatus: 'open',
  listed: false,
  transferOutAllowedFrom: at(-1),
  authCodeIssuedAt: null,
} as const;
const transferring = {
  ...ready,
  status: 'transferring_out',
  pendingOperation: 'transfer_out',
  authCodeIssuedAt: at(-1),
} as const;
const standard = { kind: 'standard', cancelRequested: false } as const;

describe('transfer code refusals', () => {
  it('waits for the transfer-out wait first, whatever else is wrong', () => {
    const refusal = transferCodeRefusal(
      { ...ready, transferOutAllowedFrom: at(3), lockStatus: 'closed' },
      undefined,
      now,
    );
    expect(refusal).toMatchObject({ code: 'Domain.TransferNotAllowedYet', data: { allowedFrom: at(3).toISOString() } });
  });

  it('issues in normal and renewable with the lock open, nowhere else', () => {
    for (const status of DOMAIN_STATUSES) {
      const refusal = transferCodeRefusal({ ...ready, status }, undefined, now);
      if (status === 'normal' || status === 'renewable') expect(refusal, status).toBeNull();
      else expect(refusal?.data.reason, status).toBe('state');
    }
    expect(transferCodeRefusal({ ...ready, pendingOperation: 'lock' }, undefined, now)?.data.reason).toBe('state');
    for (const lockStatus of ['closed', 'opening', 'closing'] as const) {
      expect(transferCodeRefusal({ ...ready, lockStatus }, undefined, now)?.data.reason).toBe('locked');
    }
    expect(transferCodeRefusal({ ...ready, listed: true }, undefined, now)?.data.reason).toBe('listed');
  });

  it('re-requests only on a standard transfer without a cancellation, not within the minutes', () => {
    expect(transferCodeRefusal(transferring, standard, now)).toBeNull();
    expect(transferCodeRefusal(transferring, { ...standard, kind: 'fast' }, now)?.data.reason).toBe('state');
    expect(transferCodeRefusal(transferring, { ...standard, cancelRequested: true }, now)?.data.reason).toBe('state');
    expect(transferCodeRefusal(transferring, undefined, now)?.data.reason).toBe('state');
    const soon = transferCodeRefusal(
      { ...transferring, authCodeIssuedAt: new Date(now.getTime() - 90_000) },
      standard,
      now,
    );
    expect(soon?.data).toEqual({ reason: 'too_soon', retryAfterSeconds: 210 });
    // The claim a request holds while the registrar is asked: others are refused, the holder passes.
    const claimed = { ...ready, authCodeIssuedAt: now };
    expect(transferCodeRefusal(claimed, undefined, now)?.data.reason).toBe('too_soon');
    expect(transferCodeRefusal(claimed, undefined, now, { claimedAt: now })).toBeNull();
  });

  it('hashes per domain and code, never the code itself', () => {
    const hash = transferCodeHash('secret', 'example.com', 'Abc-123!x');
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toBe(transferCodeHash('secret', 'example.net', 'Abc-123!x'));
    expect(hash).not.toBe(transferCodeHash('secret', 'example.com', 'Abc-123!y'));
  });
});

describe('fast transfer safety checks', () => {
  const domain = {
    status: 'transferring_out',
    listed: false,
    disputed: false,
    expiresAt: at(200),
    authCodeExpiresAt: at(10),
    registrar: 'GoDaddy',
  } as const;
  it('checks in order: transferring out, nothing under way, code, same registrar, listing, dispute, redemption', () => {
    expect(fastTransferRefusal(domain, standard, now)).toBeNull();
    expect(fastTransferRefusal(domain, standard, now, 'Dynadot')).toBeNull();
    expect(fastTransferRefusal(domain, standard, now, ' godaddy ')).toBe('same_registrar');
    expect(fastTransferRefusal({ ...domain, listed: true }, standard, now, 'GoDaddy')).toBe('same_registrar');
    expect(fastTransferRefusal({ ...domain, status: 'normal' }, standard, now)).toBe('not_transferring_out');
    expect(fastTransferRefusal(domain, undefined, now)).toBe('not_transferring_out');
    expect(fastTransferRefusal(domain, { ...standard, kind: 'fast' }, now)).toBe('in_progress');
    expect(fastTransferRefusal({ ...domain, authCodeExpiresAt: now }, standard, now)).toBe('code_expired');
    expect(fastTransferRefusal({ ...domain, listed: true, disputed: true }, standard, now)).toBe('listed');
    expect(fastTransferRefusal({ ...domain, disputed: true }, standard, now)).toBe('dispute');
    expect(fastTransferRefusal({ ...domain, expiresAt: at(-1) }, standard, now)).toBe('redemption_period');
  });
});

describe('where a domain goes back to', () => {
  it('always a legal move out of transferring_out, renewing and pending_activation', () => {
    for (const days of [-400, -31, -1, 1, 10, 29, 31, 365]) {
      const to = statusAfterTransfer(at(days), now);
      expect(DOMAIN_TRANSITIONS.transferring_out, `${days}`).toContain(to);
      for (const from of ['renewing', 'pending_activation'] as DomainStatus[]) {
        expect(DOMAIN_TRANSITIONS[from], `${from} ${days}`).toContain(settledStatus(from, at(days), now));
      }
    }
    expect(statusAfterTransfer(at(10), now)).toBe('renewable');
    expect(statusAfterTransfer(at(100), now)).toBe('normal');
    expect(settledStatus('pending_activation', at(10), now)).toBe('normal');
  });

  it('renews in normal and renewable only; redeems in redemption only', () => {
    for (const status of DOMAIN_STATUSES) {
      const renew = paidOperationRefusal({ status, pendingOperation: null }, 'renew');
      expect(renew === null, status).toBe(status === 'normal' || status === 'renewable');
      const redeem = paidOperationRefusal({ status, pendingOperation: null }, 'redeem');
      expect(redeem === null, status).toBe(status === 'in_redemption');
    }
    expect(paidOperationRefusal({ status: 'renewing', pendingOperation: 'renew' }, 'renew')).toBe('in_progress');
    expect(paidOperationRefusal({ status: 'normal', pendingOperation: 'lock' }, 'renew')).toBe('in_progress');
    expect(paidOperationRefusal({ status: 'in_redemption', pendingOperation: 'redeem' }, 'redeem')).toBe('in_progress');
  });
});
