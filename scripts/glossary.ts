// The trade's glossary: one zh-CN word per concept, so a page does not say 中标 where the next says 竞得.
// `npm run i18n:check` (check-i18n.ts) fails when a zh-CN locale text or a catalogue message uses a
// forbidden variant. The product spec is written in English only, so the preferred words follow what the
// product already said most often; the en-US word is the one the English texts use.

export interface GlossaryTerm {
  /** The concept, in English. */
  concept: string;
  /** The word every zh-CN text uses for it. */
  'zh-CN': string;
  /** The word the en-US texts use for it. */
  'en-US': string;
  /** zh-CN words that must not stand for this concept (each is a substring match). */
  forbidden: readonly string[];
  /** Phrases that may hold a forbidden word: the preferred word with the other name explained once. */
  allowed?: readonly string[];
  /** When to use it, and what it is not. */
  note?: string;
}

export const GLOSSARY: readonly GlossaryTerm[] = [
  {
    concept: 'win an auction (the highest bidder when it closes)',
    'zh-CN': '竞得',
    'en-US': 'won',
    forbidden: ['中标', '得标', '拍得', '赢得', '竞拍成功'],
    note: '未竞得 for a lot lost; 中标 and 得标 are tender words.',
  },
  {
    concept: 'delivery of a won or bought domain to the buyer',
    'zh-CN': '交付',
    'en-US': 'delivery',
    forbidden: ['交割'],
  },
  {
    concept: 'security deposit frozen for a bid',
    'zh-CN': '保证金',
    'en-US': 'deposit',
    forbidden: ['押金', '定金', '订金'],
  },
  {
    concept: 'a bid (the amount offered) and placing it',
    'zh-CN': '出价',
    'en-US': 'bid',
    forbidden: ['叫价', '投标'],
    note: '竞价 is the bidding itself (an auction, the sale section 域名竞价), not one bid.',
  },
  {
    concept: 'bidder (someone taking part in an auction)',
    'zh-CN': '竞拍者',
    'en-US': 'bidder',
    forbidden: ['竞价者', '竞买人', '投标人'],
  },
  {
    concept: 'proxy bid (a hidden maximum the system bids up to)',
    'zh-CN': '代理出价',
    'en-US': 'proxy bid',
    forbidden: ['代理竞价', '委托出价'],
  },
  {
    concept: 'settlement of seller earnings (to the balance or to a payee by wire)',
    'zh-CN': '结算',
    'en-US': 'settlement',
    forbidden: ['提现', '提款', '取现', '出金'],
  },
  {
    concept: 'recharge (top up the USD balance)',
    'zh-CN': '充值',
    'en-US': 'top-up',
    forbidden: ['入金', '储值', '加值'],
  },
  {
    concept: 'fixed-price sale',
    'zh-CN': '一口价',
    'en-US': 'fixed price',
    forbidden: ['固定价格', '固定价'],
  },
  {
    concept: 'expiry date (of a registration, card or session)',
    'zh-CN': '到期',
    'en-US': 'expiry date',
    forbidden: ['过期日期', '过期时间', '失效时间'],
    note: '过期 stays for the state (过期域名, 已过期); the date is 到期日期 / 到期时间.',
  },
  {
    concept: 'transfer code (EPP / auth code)',
    'zh-CN': '转移码',
    'en-US': 'transfer code',
    forbidden: ['授权码', '转移密码', '转移授权码'],
    allowed: ['转移码（授权码）'],
  },
  {
    concept: 'final price of a sold lot',
    'zh-CN': '成交价',
    'en-US': 'final price',
    forbidden: ['落槌价', '最终价'],
  },
];

export interface GlossaryHit {
  /** The key (or code) of the text. */
  key: string;
  /** The forbidden variant found. */
  variant: string;
  term: GlossaryTerm;
}

/** Every forbidden variant in a set of zh-CN texts (key → text). */
export function glossaryHits(
  texts: Record<string, string>,
  glossary: readonly GlossaryTerm[] = GLOSSARY,
): GlossaryHit[] {
  const hits: GlossaryHit[] = [];
  for (const [key, text] of Object.entries(texts))
    for (const term of glossary) {
      const checked = (term.allowed ?? []).reduce((rest, phrase) => rest.replaceAll(phrase, ''), text);
      for (const variant of term.forbidden) if (checked.includes(variant)) hits.push({ key, variant, term });
    }
  return hits;
}

/** The i18n check's lines for the forbidden variants in a set of zh-CN texts, under `label`. */
export function glossaryProblems(
  texts: Record<string, string>,
  label: string,
  glossary: readonly GlossaryTerm[] = GLOSSARY,
): string[] {
  return glossaryHits(texts, glossary).map(
    ({ key, variant, term }) =>
      `${label}: '${key}' says '${variant}' — the glossary's word for ${term['en-US']} is '${term['zh-CN']}' (scripts/glossary.ts)`,
  );
}

/** Mistakes in the glossary itself: a forbidden variant inside its own or another concept's preferred word. */
export function glossarySelfProblems(glossary: readonly GlossaryTerm[] = GLOSSARY): string[] {
  const out: string[] = [];
  for (const term of glossary)
    for (const variant of term.forbidden)
      for (const other of glossary)
        if (other['zh-CN'].includes(variant))
          out.push(`glossary: '${variant}' (forbidden for ${term['en-US']}) is inside the word for ${other['en-US']}`);
  return out;
}
