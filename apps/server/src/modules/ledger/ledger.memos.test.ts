import { describe, expect, it } from 'vitest';
import { ledgerMemo, renderMemo } from './ledger.memos.ts';

describe('ledger memos', () => {
  it('renders the system’s structured memos in the reader’s language', () => {
    const cases: [string, string, string, string][] = [
      ['deposit_release', 'exit', '已退出竞拍', 'You left the auction'],
      ['deposit_release', 'lost', '未竞得', 'Not the winning bid'],
      ['deposit_release', 'paid', '竞得订单已支付', 'Winning order paid'],
      ['deposit_forfeit', 'violation', '竞得订单逾期未支付', 'Winning order left unpaid'],
      [
        'recharge',
        ledgerMemo({ code: 'topUp', id: 'R1', method: 'alipay' }),
        '充值 R1（支付宝）',
        'Top-up R1 (Alipay)',
      ],
      [
        'recharge',
        ledgerMemo({ code: 'topUp', id: 'R2', method: 'card', brand: 'visa', last4: '4242' }),
        '充值 R2（银行卡 Visa •••• 4242）',
        'Top-up R2 (Card, Visa •••• 4242)',
      ],
      ['settlement_request', ledgerMemo({ code: 'settlement', id: 'S9' }), '结算 S9', 'Settlement S9'],
      [
        'sale_proceeds',
        ledgerMemo({ code: 'saleProceeds', domain: 'ripplecraft.com', demo: true }),
        '销售收入：ripplecraft.com（演示数据）',
        'Sale proceeds: ripplecraft.com (demo data)',
      ],
      ['recharge', ledgerMemo({ code: 'demoBalance' }), '演示余额', 'Demo balance'],
      [
        'adjustment',
        ledgerMemo({ code: 'demoBalance', purpose: 'bidding' }),
        '演示余额（用于出价）',
        'Demo balance for bidding',
      ],
    ];
    for (const [kind, stored, zh, en] of cases) {
      expect(renderMemo(kind, stored, 'zh-CN'), stored).toBe(zh);
      expect(renderMemo(kind, stored, 'en-US'), stored).toBe(en);
    }
  });

  it('reads the English memos earlier versions stored the same way', () => {
    const legacy: [string, string, string][] = [
      ['recharge', 'Top-up R2026 (alipay)', '充值 R2026（支付宝）'],
      ['recharge', 'Top-up R2026 (card visa •••• 4242)', '充值 R2026（银行卡 Visa •••• 4242）'],
      ['settlement_paid', 'Settlement S1A2B', '结算 S1A2B'],
      ['sale_proceeds', 'Sale proceeds: mossgarden.net (demo data)', '销售收入：mossgarden.net（演示数据）'],
      ['sale_proceeds', 'Sale proceeds: test.com', '销售收入：test.com'],
      ['recharge', 'Demo balance', '演示余额'],
      ['adjustment', 'Demo balance for bidding', '演示余额（用于出价）'],
    ];
    for (const [kind, stored, zh] of legacy) expect(renderMemo(kind, stored, 'zh-CN'), stored).toBe(zh);
    expect(renderMemo('settlement_paid', 'Settlement S1A2B', 'en-US')).toBe('Settlement S1A2B');
  });

  it('shows other memos as written: domains, an operator’s reason, unknown or broken structures', () => {
    expect(renderMemo('order_payment', 'example.com', 'zh-CN')).toBe('example.com');
    expect(renderMemo('deposit_hold', 'exit.io', 'zh-CN')).toBe('exit.io');
    expect(renderMemo('adjustment', 'Goodwill credit', 'zh-CN')).toBe('Goodwill credit');
    // A bare reason code is a deposit's only on a deposit line.
    expect(renderMemo('deposit_release', 'unknown-reason', 'zh-CN')).toBe('unknown-reason');
    expect(renderMemo('adjustment', 'paid', 'zh-CN')).toBe('paid');
    expect(renderMemo('adjustment', '{"code":"nope"}', 'zh-CN')).toBe('{"code":"nope"}');
    expect(renderMemo('adjustment', '{"code":"settlement"', 'zh-CN')).toBe('{"code":"settlement"');
    expect(renderMemo('', '', 'en-US')).toBe('');
  });
});
