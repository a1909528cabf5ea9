import { ORDER_STATUSES, ORDER_TRANSITIONS, type Order } from '@namebourse/contract';
import { describe, expect, it } from 'vitest';
import { orderFixture } from '../../../lib/testing/fixtures.ts';
import {
  deliveryDateOf,
  GROUP_COLOR,
  parsePageParam,
  parseStatusParam,
  STATUS_GROUP,
  STATUS_TABS,
  type StatusGroup,
  statusColor,
  statusesOf,
  statusLabelKey,
  taxRatePercent,
} from './order-status.ts';

function order(patch: Partial<Order> = {}): Order {
  return orderFixture(patch);
}

describe('status groups', () => {
  const groups: StatusGroup[] = ['action', 'progress', 'done', 'problem', 'closed'];

  it('put every contract status in exactly one group, each group used', () => {
    expect(Object.keys(STATUS_GROUP).sort()).toEqual([...ORDER_STATUSES].sort());
    expect(groups.flatMap((group) => statusesOf(group)).sort()).toEqual([...ORDER_STATUSES].sort());
    for (const group of groups) expect(statusesOf(group).length, group).toBeGreaterThan(0);
  });

  it('only awaiting payment asks the buyer to act; ends of the transition table are done or closed', () => {
    expect(statusesOf('action')).toEqual(['awaiting_payment']);
    for (const status of ORDER_STATUSES) {
      if (ORDER_TRANSITIONS[status].length === 0) expect(['done', 'closed']).toContain(STATUS_GROUP[status]);
    }
    expect(statusesOf('progress')).toEqual(['paid_awaiting_delivery', 'transferring']);
    expect(STATUS_GROUP.completed).toBe('done');
    expect(statusesOf('problem')).toEqual(['delivery_failed', 'buyer_violation', 'confiscated']);
  });

  it('colour the chips by group', () => {
    expect(statusColor('awaiting_payment')).toBe('warning');
    expect(statusColor('transferring')).toBe('info');
    expect(statusColor('completed')).toBe('success');
    expect(statusColor('delivery_failed')).toBe('error');
    expect(statusColor('expired')).toBe('default');
    expect(new Set(Object.values(GROUP_COLOR)).size).toBe(groups.length);
  });
});

describe('filters from the address', () => {
  it('offers All and every status as a tab', () => {
    expect(STATUS_TABS).toEqual(['all', ...ORDER_STATUSES]);
  });

  it('accepts only contract statuses and whole pages from 1', () => {
    expect(parseStatusParam('completed')).toBe('completed');
    expect(parseStatusParam('all')).toBeUndefined();
    expect(parseStatusParam('COMPLETED')).toBeUndefined();
    expect(parseStatusParam(null)).toBeUndefined();
    expect(parsePageParam('3')).toBe(3);
    for (const bad of [null, '', '0', '-2', '1.5', 'x']) expect(parsePageParam(bad), String(bad)).toBe(1);
  });
});

describe('delivery date and tax rate', () => {
  it('shows when a paid order is due, and when a completed one was delivered', () => {
    expect(deliveryDateOf(order({ status: 'awaiting_payment', deliverAt: '2026-02-01' }))).toBeNull();
    expect(deliveryDateOf(order({ status: 'paid_awaiting_delivery', deliverAt: '2026-02-01' }))).toBe('2026-02-01');
    expect(deliveryDateOf(order({ status: 'transferring', deliverAt: '2026-02-01' }))).toBe('2026-02-01');
    expect(deliveryDateOf(order({ status: 'completed', deliverAt: '2026-02-01', completedAt: '2026-01-30' }))).toBe(
      '2026-01-30',
    );
    expect(deliveryDateOf(order({ status: 'refunded', deliverAt: '2026-02-01' }))).toBeNull();
  });

  it('writes basis points as a percentage', () => {
    expect(taxRatePercent(600)).toBe('6');
    expect(taxRatePercent(650)).toBe('6.5');
    expect(taxRatePercent(0)).toBe('0');
    expect(taxRatePercent(1_325)).toBe('13.25');
  });
});

describe('status labels', () => {
  it("say 'won, awaiting payment' only for an auction's order; the filter says it plainly", () => {
    expect(statusLabelKey('awaiting_payment', 'auction')).toBe('status.awaiting_payment');
    expect(statusLabelKey('awaiting_payment', 'fixed')).toBe('statusPlain.awaiting_payment');
    expect(statusLabelKey('awaiting_payment', 'offer')).toBe('statusPlain.awaiting_payment');
    expect(statusLabelKey('awaiting_payment')).toBe('statusPlain.awaiting_payment');
    expect(statusLabelKey('buyer_violation', 'fixed')).toBe('status.buyer_violation');
  });
});
