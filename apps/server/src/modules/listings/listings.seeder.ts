import { randomBytes } from 'node:crypto';
import {
  calendarDateOf,
  calendarEffectiveAt,
  INDUSTRIES,
  type Industry,
  LISTING_END_OPTIONS,
  type ListingEndOption,
  type ListingMode,
  type ListingStatus,
  LOGO_FONTS,
  LOGO_ICONS,
  LOGO_STYLES,
  type LogoStyle,
  listingExpiresAt,
  splitDomain,
} from '@namebourse/contract';
import type { Tx } from '../../db/open-database.ts';
import type { App } from '../../platform/app-context.ts';
import type { Clock } from '../../platform/clock.ts';
import { seededRandom } from '../../platform/seeded-random.ts';
import type { Seeder } from '../../platform/seeders.ts';
import { DEMO_BUYER } from '../account/account.seeder.ts';
import { createUser, getUserByEmail } from '../account/account.service.ts';
import { deliverDomain, setDomainsListedFlag } from '../domains/domains.service.ts';
import { LOGO_HEIGHT, LOGO_WIDTH, renderLogoSvg } from './listings.logo.ts';
import {
  anyListingOf,
  insertCalendarRows,
  insertListingRows,
  insertLogoRows,
  insertMarketListings,
  insertProofs,
  type MarketListingColumns,
  type NewListingRow,
  setLogoIds,
} from './listings.seeder.repository.ts';

/**
 * 'demo-listings' (issue 16, "Demo data"), once per database, after the demo accounts and domains:
 * - the demo seller is the demo buyer (demo@namebourse.com): one account shows both sides. It has
 *   50 listings over every status (pending review, review failed with a reason, supplement required,
 *   an edit in review with its pending changes, on sale — three of them paused, one because its
 *   ownership proof disappeared —, off the shelf, selling, sold, expired) and every mode; the held
 *   ones on domains delivered to it here (deliverDomain, marked listed while the listing is open),
 *   the others external with a verified ownership proof; price calendars with entries to come,
 *   generated logos and descriptions in both languages (some in one only);
 * - the market: 3,000 listings on sale from four demo sellers (seller01–04@demo.namebourse.com,
 *   random passwords nobody knows), external with verified proofs, over common TLDs, lengths,
 *   industries, keywords, both modes and prices from $5 to ~$50,000, an eighth with a logo and a
 *   tenth with a calendar; inserted with unnest.
 * Demo proofs are never re-checked (no next check): their TXT records do not exist anywhere.
 * Deterministic (seeded random). No on-sale seller auction: that needs a lot of the auction engine
 * (the listing flow opens it).
 */

export const DEMO_MARKET_SELLERS = 4;
export const DEMO_MARKET_LISTINGS = 3_000;
const DAY = 86_400_000;

/** Words by industry: names, keywords and the descriptions' subject. */
const VOCAB: Record<Industry, string[]> = {
  technology: ['byte', 'code', 'stack', 'pixel', 'logic', 'grid', 'circuit', 'quantum', 'signal', 'cloud'],
  ai: ['mind', 'neural', 'cortex', 'sense', 'agent', 'brain', 'learn', 'vision', 'robot', 'prompt'],
  finance: ['coin', 'ledger', 'vault', 'capital', 'fund', 'pay', 'cash', 'invest', 'wealth', 'credit'],
  blockchain: ['chain', 'block', 'token', 'mint', 'node', 'hash', 'stake', 'defi', 'wallet', 'web3'],
  ecommerce: ['cart', 'shop', 'store', 'deal', 'market', 'basket', 'order', 'checkout', 'mall', 'buy'],
  education: ['learn', 'study', 'tutor', 'class', 'school', 'academy', 'course', 'mentor', 'campus', 'exam'],
  health: ['care', 'vital', 'clinic', 'well', 'cure', 'pulse', 'heal', 'fit', 'medi', 'therapy'],
  travel: ['trip', 'tour', 'voyage', 'journey', 'hotel', 'trek', 'roam', 'wander', 'atlas', 'visa'],
  food: ['chef', 'taste', 'bake', 'kitchen', 'fresh', 'spice', 'noodle', 'tea', 'bistro', 'feast'],
  games: ['play', 'quest', 'arcade', 'pixel', 'level', 'raid', 'guild', 'loot', 'arena', 'dice'],
  media: ['studio', 'stream', 'cast', 'film', 'story', 'news', 'tune', 'beat', 'scene', 'channel'],
  real_estate: ['home', 'estate', 'realty', 'nest', 'house', 'loft', 'property', 'roof', 'key', 'land'],
  automotive: ['auto', 'motor', 'drive', 'car', 'wheel', 'garage', 'torque', 'ride', 'fleet', 'turbo'],
  fashion: ['style', 'wear', 'vogue', 'thread', 'couture', 'silk', 'chic', 'denim', 'closet', 'glam'],
  sports: ['sport', 'goal', 'match', 'team', 'run', 'gym', 'kick', 'score', 'court', 'champion'],
  legal: ['law', 'legal', 'counsel', 'justice', 'notary', 'patent', 'contract', 'claim', 'verdict', 'firm'],
  energy: ['solar', 'volt', 'power', 'grid', 'wind', 'charge', 'fuel', 'spark', 'watt', 'green'],
  logistics: ['ship', 'cargo', 'freight', 'route', 'parcel', 'depot', 'haul', 'port', 'track', 'dock'],
  marketing: ['brand', 'ad', 'promo', 'reach', 'funnel', 'growth', 'buzz', 'lead', 'click', 'viral'],
  other: ['nova', 'zen', 'bloom', 'echo', 'orbit', 'prime', 'apex', 'luna', 'vivid', 'aura'],
};
const SUFFIXES = ['hub', 'lab', 'ly', 'go', 'now', 'base', 'works', 'hq', 'ify', 'up', 'box', 'zone', 'pro', 'one'];
const PINYIN = (
  'hao mei jia xin yun long feng tian hua an kang fu cheng da zhi wen bao jin hai shan ' +
  'le yi tong mao kuai shang ming rui xing chuang'
).split(' ');
/** TLDs with weights (common first). */
const TLDS: [string, number][] = [
  ['com', 38],
  ['net', 8],
  ['cn', 10],
  ['io', 8],
  ['ai', 7],
  ['co', 5],
  ['org', 5],
  ['xyz', 6],
  ['top', 5],
  ['app', 4],
  ['shop', 4],
];

type Rand = () => number;
const pick = <T>(rand: Rand, items: readonly T[]): T => items[Math.floor(rand() * items.length)] as T;
const between = (rand: Rand, lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1));
function weighted<T>(rand: Rand, items: [T, number][]): T {
  let r = rand() * items.reduce((s, [, w]) => s + w, 0);
  for (const [item, w] of items) {
    r -= w;
    if (r < 0) return item;
  }
  return (items[items.length - 1] as [T, number])[0];
}
const INDUSTRY_LIST = Object.keys(INDUSTRIES) as Industry[];

/** A price in cents, log-uniform from $5 to ~$50,000, rounded as sellers round. */
function demoPrice(rand: Rand): number {
  const dollars = Math.exp(Math.log(5) + rand() ** 1.6 * (Math.log(50_000) - Math.log(5)));
  const step = dollars < 100 ? 1 : dollars < 1_000 ? 10 : dollars < 10_000 ? 50 : 500;
  return Math.max(5, Math.round(dollars / step) * step) * 100;
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Descriptions of a domain in both languages, from its industry and words. */
function describe(rand: Rand, domain: string, industry: Industry, words: string[]): { zh: string; en: string } {
  const zh = industry === 'other' ? '各类' : INDUSTRIES[industry]['zh-CN'];
  const en =
    industry === 'other' ? 'any field' : industry === 'ai' ? 'AI' : INDUSTRIES[industry]['en-US'].toLowerCase();
  const shown = capital(domain);
  const theme = words[0] && words[0].length > 2 ? ` built around “${words[0]}”` : '';
  return {
    zh: pick(rand, [
      `${domain} 简短易记，适合${zh}品牌、产品或项目。`,
      `${shown} 读音清晰、便于传播，是${zh}品牌的好选择。`,
      `${domain} 是适合${zh}项目的优质域名，可直接用于官网或新产品上线。`,
      `面向${zh}创业团队：${domain} 好拼写、好记忆，适合长期经营的品牌。`,
    ]),
    en: pick(rand, [
      `${shown} is a short, memorable name for a brand, product or project in ${en}.`,
      `A clean name for ${en}: ${domain} is easy to say, spell and remember.`,
      `${shown} — ready for a start-up in ${en}${theme}.`,
      `Brandable domain for ${en}. ${shown} works for a website, an app or a campaign.`,
    ]),
  };
}

/** A market name: an industry's word with a suffix or another word, pinyin, or short letters/digits. */
function demoName(rand: Rand): { name: string; industry: Industry; words: string[] } {
  const industry = pick(rand, INDUSTRY_LIST);
  const style = rand();
  if (style < 0.55) {
    const w = pick(rand, VOCAB[industry]);
    const second = rand() < 0.5 ? pick(rand, SUFFIXES) : pick(rand, VOCAB[pick(rand, INDUSTRY_LIST)]);
    return { name: rand() < 0.5 ? `${w}${second}` : `${second}${w}`, industry, words: [w, second] };
  }
  if (style < 0.8) {
    const n = rand() < 0.7 ? 2 : 3;
    const parts = Array.from({ length: n }, () => pick(rand, PINYIN));
    return { name: parts.join(''), industry, words: parts };
  }
  if (style < 0.92) {
    const len = between(rand, 3, 5);
    const name = Array.from({ length: len }, () => String.fromCharCode(97 + Math.floor(rand() * 26))).join('');
    return { name, industry: 'other', words: [] };
  }
  const len = between(rand, 3, 6);
  return { name: String(between(rand, 10 ** (len - 1), 10 ** len - 1)), industry: 'other', words: [] };
}

/** A generated logo of a listing (the logo renderer, varied styles and colours). */
function demoLogo(rand: Rand, domain: string) {
  const style = pick(rand, LOGO_STYLES) as LogoStyle;
  const hue = Math.floor(rand() * 360);
  const options = {
    font: pick(rand, LOGO_FONTS),
    icon: pick(rand, LOGO_ICONS),
    foreground: hslHex(hue, 0.7, style === 'ai' ? 0.95 : 0.3),
    background: hslHex((hue + 180) % 360, 0.5, style === 'ai' ? 0.25 : 0.97),
    seed: Math.floor(rand() * 1000),
  };
  return { style, options, svg: renderLogoSvg({ domain, style, ...options }) };
}

function hslHex(h: number, s: number, l: number): string {
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    const c = l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(c * 255)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${f(0)}${f(8)}${f(4)}`;
}

/** The demo seller's listings: domain, status, mode, source and what else that status carries. */
interface DemoListing {
  domain: string;
  status: ListingStatus;
  mode: ListingMode;
  source: 'held' | 'external';
  industry: Industry;
  paused?: 'seller' | 'ownership';
  reason?: string;
  /** Days since it was listed (or submitted). */
  age: number;
  calendar?: boolean;
  logo?: boolean;
  /** Only one description language. */
  only?: 'zh' | 'en';
}

const L = (
  domain: string,
  status: ListingStatus,
  mode: ListingMode,
  source: 'held' | 'external',
  industry: Industry,
  age: number,
  more: Partial<DemoListing> = {},
): DemoListing => ({ domain, status, mode, source, industry, age, ...more });

const DEMO_SELLER_LISTINGS: DemoListing[] = [
  // Waiting for review.
  L('cloudtutor.com', 'pending_review', 'fixed', 'external', 'education', 1, { logo: true }),
  L('voltnest.io', 'pending_review', 'fixed', 'held', 'energy', 2),
  L('mintledger.ai', 'pending_review', 'offer', 'external', 'finance', 1, { only: 'en' }),
  L('arenaloot.com', 'pending_review', 'auction', 'held', 'games', 0, { logo: true }),
  L('haofeng.cn', 'pending_review', 'auction', 'held', 'other', 1, { only: 'zh' }),
  // Refused, with the operator's reason.
  L('fastcure.net', 'review_failed', 'fixed', 'external', 'health', 6, {
    reason: '描述中含有未经证实的医疗功效，请修改后重新提交。',
  }),
  L('web3vault.xyz', 'review_failed', 'offer', 'held', 'blockchain', 9, {
    reason: 'The description promises investment returns; please remove them and submit again.',
  }),
  L('legalquest.com', 'review_failed', 'auction', 'held', 'legal', 4, {
    reason: 'The reserve price is far above comparable sales; lower it or list at a fixed price.',
  }),
  // More information asked for.
  L('cargodock.com', 'supplement_required', 'fixed', 'external', 'logistics', 3, {
    reason: '请补充域名注册商的持有证明截图。',
  }),
  L('chicthread.co', 'supplement_required', 'fixed', 'external', 'fashion', 5, {
    reason: 'Please add a description in Chinese or English explaining the intended use.',
    only: 'en',
  }),
  L('tripatlas.top', 'supplement_required', 'offer', 'external', 'travel', 2, { reason: '请说明域名的历史用途。' }),
  // On sale, with an edit in review.
  L('lumaforge.io', 'modification_review', 'fixed', 'held', 'technology', 40, { logo: true, calendar: true }),
  L('teaspice.com', 'modification_review', 'fixed', 'external', 'food', 22, { logo: true }),
  L('brandbuzz.net', 'modification_review', 'offer', 'external', 'marketing', 31),
  L('roofkey.com', 'modification_review', 'offer', 'held', 'real_estate', 18, { logo: true }),
  // On sale.
  L('quantumgrid.com', 'on_sale', 'fixed', 'held', 'technology', 12, { logo: true, calendar: true }),
  L('neuralnest.ai', 'on_sale', 'fixed', 'held', 'ai', 20, { logo: true, calendar: true }),
  L('paycapital.io', 'on_sale', 'fixed', 'external', 'finance', 33, { calendar: true }),
  L('solarwatt.com', 'on_sale', 'fixed', 'external', 'energy', 8, { logo: true }),
  L('kitchenfeast.com', 'on_sale', 'fixed', 'held', 'food', 45, { only: 'zh', calendar: true }),
  L('turbofleet.com', 'on_sale', 'fixed', 'external', 'automotive', 3, { logo: true }),
  L('studiocast.tv', 'on_sale', 'fixed', 'external', 'media', 60),
  L('courtkick.com', 'on_sale', 'fixed', 'held', 'sports', 14, { only: 'en', calendar: true }),
  L('yunxin.cn', 'on_sale', 'fixed', 'external', 'technology', 27, { only: 'zh', logo: true }),
  L('mentorclass.com', 'on_sale', 'offer', 'held', 'education', 9, { logo: true }),
  L('vitalpulse.health', 'on_sale', 'offer', 'external', 'health', 16, { calendar: true }),
  L('parcelroute.com', 'on_sale', 'offer', 'external', 'logistics', 25),
  L('silkvogue.com', 'on_sale', 'offer', 'external', 'fashion', 11, { logo: true }),
  L('patentclaim.com', 'on_sale', 'offer', 'held', 'legal', 50),
  L('wanderroam.com', 'on_sale', 'offer', 'external', 'travel', 7, { logo: true }),
  L('tokenmint.xyz', 'on_sale', 'offer', 'external', 'blockchain', 19),
  // On sale but paused: by the seller, and because the ownership proof disappeared.
  L('dicearcade.com', 'on_sale', 'fixed', 'held', 'games', 30, { paused: 'seller', logo: true }),
  L('clickfunnel.io', 'on_sale', 'fixed', 'held', 'marketing', 15, { paused: 'seller' }),
  L('estateloft.com', 'on_sale', 'offer', 'external', 'real_estate', 21, { paused: 'ownership' }),
  // Taken off the shelf.
  L('beatscene.com', 'off_shelf', 'fixed', 'external', 'media', 70),
  L('denimcloset.com', 'off_shelf', 'offer', 'external', 'fashion', 55),
  L('raidguild.com', 'off_shelf', 'auction', 'held', 'games', 35),
  L('greenfuel.net', 'off_shelf', 'fixed', 'held', 'energy', 90, { only: 'en' }),
  // An order open.
  L('shopbasket.com', 'selling', 'fixed', 'held', 'ecommerce', 10, { logo: true }),
  L('studyacademy.com', 'selling', 'fixed', 'external', 'education', 26),
  L('wealthfund.co', 'selling', 'offer', 'external', 'finance', 38),
  // Sold (a held domain has left for its buyer).
  L('motorgarage.com', 'sold', 'fixed', 'held', 'automotive', 80),
  L('hotelvoyage.com', 'sold', 'fixed', 'external', 'travel', 120),
  L('guildquest.com', 'sold', 'auction', 'held', 'games', 65),
  L('longtian.cn', 'sold', 'auction', 'held', 'other', 75, { only: 'zh' }),
  L('promoreach.com', 'sold', 'offer', 'external', 'marketing', 100),
  // Expired (the seller's period ended, or an auction ended without a sale).
  L('courseexam.net', 'expired', 'fixed', 'external', 'education', 200),
  L('chainnode.io', 'expired', 'auction', 'held', 'blockchain', 40),
  L('medicure.top', 'expired', 'offer', 'external', 'health', 190),
  L('gymscore.com', 'expired', 'fixed', 'held', 'sports', 130),
];

const OPEN: ListingStatus[] = [
  'pending_review',
  'review_failed',
  'supplement_required',
  'modification_review',
  'on_sale',
  'selling',
];
const APPROVED: ListingStatus[] = ['modification_review', 'on_sale', 'off_shelf', 'selling', 'sold', 'expired'];

const proofToken = (rand: Rand) =>
  Array.from({ length: 32 }, () => '0123456789abcdef'[Math.floor(rand() * 16)]).join('');

/** The demo seller's 50 listings (see the file's header). */
async function seedDemoSeller(tx: Tx, sellerId: bigint, now: Date, rand: Rand): Promise<void> {
  const at = (days: number) => new Date(now.getTime() + days * DAY);
  // Held domains that are still the seller's (a sold one has left): delivered here.
  const held = new Map<string, bigint>();
  for (const d of DEMO_SELLER_LISTINGS) {
    if (d.source !== 'held' || d.status === 'sold') continue;
    const row = await deliverDomain(tx, {
      userId: sellerId,
      domain: d.domain,
      registrar: 'NameBourse Registrar',
      registeredAt: at(-365 * between(rand, 2, 8) - d.age),
      expiresAt: at(between(rand, 120, 700)),
      orderId: null,
      now: at(-d.age - between(rand, 30, 300)),
    });
    held.set(d.domain, row.id);
  }
  const openHeld = DEMO_SELLER_LISTINGS.filter((d) => held.has(d.domain) && OPEN.includes(d.status));
  await setDomainsListedFlag(
    tx,
    openHeld.map((d) => held.get(d.domain) as bigint),
    true,
    now,
  );

  const rows: NewListingRow[] = DEMO_SELLER_LISTINGS.map((d) => {
    const { name, tld } = splitDomain(d.domain);
    const words = VOCAB[d.industry].filter((w) => name.includes(w));
    const text = describe(rand, d.domain, d.industry, words);
    const submitted = at(-d.age - 0.2);
    const approved = APPROVED.includes(d.status);
    const listedAt = approved ? at(-d.age) : null;
    const endOption: ListingEndOption =
      d.status === 'expired' ? '1m' : pick(rand, ['3m', '6m', '1y', 'long_term'] as ListingEndOption[]);
    const expiresAt =
      d.status === 'expired' ? at(-between(rand, 2, 30)) : listedAt ? listingExpiresAt(listedAt, endOption) : null;
    const price = demoPrice(rand);
    const prices =
      d.mode === 'fixed'
        ? { priceCents: price }
        : d.mode === 'offer'
          ? { floorCents: Math.max(300, Math.round(price / 200) * 100), priceCents: rand() < 0.6 ? price : null }
          : {
              startPriceCents: Math.max(300, Math.round(price / 500) * 100),
              reservePriceCents: rand() < 0.5 ? price : null,
              durationDays: between(rand, 3, 6),
            };
    const industries = [d.industry, ...(rand() < 0.4 ? [pick(rand, INDUSTRY_LIST)] : [])].filter(
      (v, i, all) => all.indexOf(v) === i,
    );
    return {
      userId: sellerId,
      domain: d.domain,
      name,
      tld,
      length: name.length,
      source: d.source,
      domainId: held.get(d.domain) ?? null,
      mode: d.mode,
      status: d.status,
      paused: d.paused !== undefined,
      pausedReason: d.paused ?? null,
      ...prices,
      industries,
      keywords: words.length > 0 ? words : [name],
      descriptionZh: d.only === 'en' ? '' : text.zh,
      descriptionEn: d.only === 'zh' ? '' : text.en,
      endOption,
      expiresAt,
      pendingChanges:
        d.status === 'modification_review'
          ? { descriptionEn: `${text.en} Updated: comes with a matching social handle.` }
          : null,
      reviewReason: d.reason ?? null,
      reviewedAt: approved || d.reason ? at(-d.age) : null,
      submittedAt: submitted,
      listedAt,
      soldAt: d.status === 'sold' ? at(-d.age + between(rand, 1, 20)) : null,
      createdAt: submitted,
      updatedAt: now,
    };
  });
  const ids = await insertListingRows(tx, rows);
  const idOf = new Map(DEMO_SELLER_LISTINGS.map((d, i) => [d.domain, ids[i] as bigint]));

  // Ownership proofs of the external domains (the paused one's has gone missing).
  await insertProofs(
    tx,
    DEMO_SELLER_LISTINGS.filter((d) => d.source === 'external').map((d) => {
      const gone = d.paused === 'ownership';
      return {
        userId: sellerId,
        domain: d.domain,
        token: proofToken(rand),
        status: gone ? 'failed' : 'verified',
        verifiedAt: gone ? null : at(-d.age - 1),
        misses: gone ? 2 : 0,
        reason: gone ? 'no_record' : null,
        at: at(-d.age - 1),
      };
    }),
  );

  // Calendars: a past entry (applied) and two or three to come.
  const calendar: { listingId: bigint; date: string; effectiveAt: Date; priceCents: number; appliedAt: Date | null }[] =
    [];
  DEMO_SELLER_LISTINGS.forEach((d, i) => {
    if (!d.calendar) return;
    const listingId = idOf.get(d.domain) as bigint;
    const base = (rows[i]?.priceCents as number | null) ?? 10_000;
    const entry = (days: number, factor: number) => {
      const date = calendarDateOf(at(days));
      const effectiveAt = calendarEffectiveAt(date);
      calendar.push({
        listingId,
        date,
        effectiveAt,
        priceCents: Math.max(300, Math.round((base * factor) / 100) * 100),
        appliedAt: effectiveAt <= now ? effectiveAt : null,
      });
    };
    entry(-Math.min(d.age, 5), 1);
    entry(7, 0.95);
    entry(21, 0.9);
    if (rand() < 0.5) entry(45, 0.8);
  });
  await insertCalendarRows(tx, calendar, now);

  // Logos: the approved one, and for one edit in review a new logo waiting in its changes.
  const withLogo = DEMO_SELLER_LISTINGS.filter((d) => d.logo);
  const logos = withLogo.map((d) => ({
    listingId: idOf.get(d.domain) as bigint,
    userId: sellerId,
    ...demoLogo(rand, d.domain),
    width: LOGO_WIDTH,
    height: LOGO_HEIGHT,
  }));
  const logoIds = await insertLogoRows(tx, logos, now);
  await setLogoIds(
    tx,
    logos.map((l, i) => ({ listingId: l.listingId, logoId: logoIds[i] as bigint })),
  );
}

/** The market's demo sellers (created once, with a random password nobody knows). */
async function demoMarketSellers(app: App, clock: Clock): Promise<bigint[]> {
  const ids: bigint[] = [];
  for (let i = 1; i <= DEMO_MARKET_SELLERS; i++) {
    const email = `seller${String(i).padStart(2, '0')}@demo.namebourse.com`;
    const user =
      (await getUserByEmail(app, email)) ??
      (await createUser(app.platform.db, clock, {
        email,
        password: `${randomBytes(18).toString('base64url')}aA1!`,
        nickname: `seller${i}`,
      }));
    ids.push(user.id);
  }
  return ids;
}

/** DEMO_MARKET_LISTINGS on-sale listings of the demo sellers (see the file's header). */
async function seedMarket(tx: Tx, sellers: bigint[], taken: Set<string>, now: Date, rand: Rand): Promise<number> {
  const c: MarketListingColumns = {
    userId: [],
    domain: [],
    name: [],
    tld: [],
    mode: [],
    priceCents: [],
    floorCents: [],
    industries: [],
    keywords: [],
    descriptionZh: [],
    descriptionEn: [],
    endOption: [],
    expiresAt: [],
    listedAt: [],
  };
  const seller: bigint[] = [];
  for (let guard = 0; c.domain.length < DEMO_MARKET_LISTINGS && guard < DEMO_MARKET_LISTINGS * 5; guard++) {
    const { name, industry, words } = demoName(rand);
    const tld = weighted(rand, TLDS);
    const domain = `${name}.${tld}`;
    if (name.length > 63 || taken.has(domain)) continue;
    taken.add(domain);
    const userId = pick(rand, sellers);
    seller.push(userId);
    const offer = rand() < 0.25;
    const price = demoPrice(rand);
    const listedAt = new Date(now.getTime() - rand() ** 1.3 * 120 * DAY);
    let endOption = pick(rand, LISTING_END_OPTIONS);
    let expiresAt = listingExpiresAt(listedAt, endOption);
    if (expiresAt && expiresAt.getTime() < now.getTime() + 2 * DAY) {
      endOption = 'long_term';
      expiresAt = null;
    }
    const industries = [industry, ...(rand() < 0.35 ? [pick(rand, INDUSTRY_LIST)] : [])].filter(
      (v, i, all) => all.indexOf(v) === i,
    );
    const keywords = [...new Set([...words.filter((w) => w.length > 1), ...(rand() < 0.3 ? [industry] : [])])];
    const text = describe(rand, domain, industry, words);
    const lang = rand();
    c.userId.push(userId.toString());
    c.domain.push(domain);
    c.name.push(name);
    c.tld.push(tld);
    c.mode.push(offer ? 'offer' : 'fixed');
    c.priceCents.push(offer && rand() < 0.5 ? null : price);
    c.floorCents.push(offer ? Math.max(300, Math.round(price / 300) * 100) : null);
    c.industries.push(industries.join('|'));
    c.keywords.push(keywords.join('|'));
    c.descriptionZh.push(lang < 0.8 ? text.zh : '');
    c.descriptionEn.push(lang < 0.6 || lang >= 0.8 ? (lang >= 0.95 ? '' : text.en) : '');
    c.endOption.push(endOption);
    c.expiresAt.push(expiresAt?.toISOString() ?? null);
    c.listedAt.push(listedAt.toISOString());
  }
  const inserted = await insertMarketListings(tx, c, now);
  const idOf = new Map(inserted.map((r) => [r.domain, r.id]));
  await insertProofs(
    tx,
    c.domain.map((domain, i) => {
      const listed = new Date(c.listedAt[i] as string);
      const verifiedAt = new Date(listed.getTime() - 2 * 3_600_000);
      return {
        userId: seller[i] as bigint,
        domain,
        token: proofToken(rand),
        status: 'verified' as const,
        verifiedAt,
        misses: 0,
        reason: null,
        at: verifiedAt,
      };
    }),
  );
  // A tenth with price cuts to come; an eighth with a logo.
  const calendar: { listingId: bigint; date: string; effectiveAt: Date; priceCents: number; appliedAt: null }[] = [];
  const logos: Parameters<typeof insertLogoRows>[1] = [];
  c.domain.forEach((domain, i) => {
    const listingId = idOf.get(domain) as bigint;
    const price = c.priceCents[i];
    if (price && price >= 2_000 && rand() < 0.1) {
      for (const [days, factor] of [
        [between(rand, 3, 20), 0.9],
        [between(rand, 25, 60), 0.8],
      ] as const) {
        const date = calendarDateOf(new Date(now.getTime() + days * DAY));
        calendar.push({
          listingId,
          date,
          effectiveAt: calendarEffectiveAt(date),
          priceCents: Math.max(300, Math.round((price * factor) / 100) * 100),
          appliedAt: null,
        });
      }
    }
    if (rand() < 0.12) {
      logos.push({
        listingId,
        userId: seller[i] as bigint,
        ...demoLogo(rand, domain),
        width: LOGO_WIDTH,
        height: LOGO_HEIGHT,
      });
    }
  });
  await insertCalendarRows(tx, calendar, now);
  const logoIds = await insertLogoRows(tx, logos, now);
  await setLogoIds(
    tx,
    logos.map((l, i) => ({ listingId: l.listingId, logoId: logoIds[i] as bigint })),
  );
  return inserted.length;
}

export const demoListingsSeeder: Seeder = {
  name: 'demo-listings',
  async run({ app, db, clock }) {
    const seller = await getUserByEmail(app, DEMO_BUYER.email);
    if (!seller) return undefined;
    if (await anyListingOf(db, [seller.id])) return undefined;
    const now = clock.now();
    const rand = seededRandom(16_016);
    // Accounts first: on PGlite a statement outside an open transaction would wait for it.
    const sellers = await demoMarketSellers(app, clock);
    await db.transaction(async (tx) => {
      await seedDemoSeller(tx, seller.id, now, rand);
      await seedMarket(tx, sellers, new Set(DEMO_SELLER_LISTINGS.map((d) => d.domain)), now, rand);
    });
    return undefined;
  },
};

/** The listings area's demo data (runs with the other seeders when SEED_DEMO=1). */
export function registerListingSeeders(app: App): void {
  app.platform.seeders.register(demoListingsSeeder);
}
