import { describe, expect, it } from 'vitest';
import { GLOSSARY, type GlossaryTerm, glossaryHits, glossaryProblems, glossarySelfProblems } from './glossary.ts';

const won: GlossaryTerm = { concept: 'win', 'zh-CN': '竞得', 'en-US': 'won', forbidden: ['中标', '得标'] };

describe('glossaryProblems', () => {
  it('names the text, the variant and the word to use instead', () => {
    expect(
      glossaryProblems({ 'status.awaiting_payment': '已中标待付款', 'status.paid': '已付款' }, 'orders', [won]),
    ).toEqual([
      "orders: 'status.awaiting_payment' says '中标' — the glossary's word for won is '竞得' (scripts/glossary.ts)",
    ]);
  });

  it('accepts texts that use the preferred word, and reports every variant of a text', () => {
    expect(glossaryProblems({ a: '恭喜，您以 $5.00 竞得该域名', b: '未竞得' }, 'x', [won])).toEqual([]);
    expect(glossaryHits({ a: '中标或得标' }, [won]).map((hit) => hit.variant)).toEqual(['中标', '得标']);
  });

  it('lets the preferred word explain the other name once, and no more', () => {
    const code: GlossaryTerm = {
      concept: 'transfer code',
      'zh-CN': '转移码',
      'en-US': 'transfer code',
      forbidden: ['授权码'],
      allowed: ['转移码（授权码）'],
    };
    expect(glossaryHits({ a: '获取转移码（授权码）后转出' }, [code])).toEqual([]);
    expect(glossaryHits({ a: '获取转移码（授权码）后，用授权码转入' }, [code]).map((hit) => hit.key)).toEqual(['a']);
  });

  it('holds the product glossary: delivery is 交付, never 交割; settlement is 结算, never 提现', () => {
    expect(
      glossaryHits({ a: '已付款待交割', b: '电汇提现', c: '已付款待交付，可结算到余额' }).map((h) => h.term['zh-CN']),
    ).toEqual(['交付', '结算']);
  });
});

describe('glossarySelfProblems', () => {
  it('finds no forbidden variant inside a preferred word of the product glossary', () => {
    expect(glossarySelfProblems(GLOSSARY)).toEqual([]);
  });

  it('reports a variant that would forbid a preferred word', () => {
    const bad: GlossaryTerm = { concept: 'bid', 'zh-CN': '出价', 'en-US': 'bid', forbidden: ['竞得'] };
    expect(glossarySelfProblems([won, bad])).toEqual([
      "glossary: '竞得' (forbidden for bid) is inside the word for won",
    ]);
  });
});
