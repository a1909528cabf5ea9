import { randomBytes } from 'node:crypto';
import { AUCTION_RULES, GENESIS_HASH, incrementFor, type LotType, splitDomain } from '@namebourse/contract';
import type { Db } from '../../db/open-database.ts';
import { seededRandom } from '../../platform/seeded-random.ts';
import type { Seeder, SeederContext } from '../../platform/seeders.ts';
import { DEMO_BUYER } from '../account/account.seeder.ts';
import { createUser, getUserByEmail } from '../account/account.service.ts';
import { ledgerMemo } from '../ledger/ledger.memos.ts';
import { getBalances, transfer } from '../ledger/ledger.service.ts';
import type { NewAuctionRow, NewBidRow } from './auctions.repository.ts';
import {
  countLots,
  insertBidRows,
  insertLotRows,
  listEndedLots,
  listOpenLotsWithoutBids,
  setChainHeads,
} from './auctions.seeder.repository.ts';
import { bidHash, replayBids } from './auctions.service.ts';

/**
 * 'demo-auctions': a catalogue to browse on the first start of an empty database — 10,000 lots open
 * for bidding (dictionary, pinyin, numeric, short-letter and hyphenated names across common TLDs,
 * plausible metrics with a long tail), ends spread over the coming six days with some inside the
 * hour, a few scheduled to start within a day, and 300 lots sold in the last 30 days (for the home
 * page's top deals) to twelve demo bidders (accounts nobody signs in to): ended lots whose bid
 * records climb by the increments of the rules to the winning price on a valid hash chain, as their
 * pages show and verify, without deposits or orders (settled history). The demo buyer gets a balance
 * to bid with. Deterministic (seeded PRNG), multi-row INSERTs. Then a bidding history: the demo
 * bidders bid on most lots ending within the hour and on a few hundred others, through the real
 * bidding rules (deposits held, proxy records, hash chain), so hot auctions and lot pages show bids.
 */

export const DEMO_LOTS_OPEN = 10_000;
export const DEMO_LOTS_SCHEDULED = 150;
export const DEMO_LOTS_SOLD = 300;
/** What the demo buyer can bid with (deposits are 10% of a maximum). */
export const DEMO_BIDDING_BALANCE_CENTS = 500_000;
/** The other bidders of the demo history, and what each can bid with. */
export const DEMO_BIDDERS = 12;
const DEMO_BIDDER_BALANCE_CENTS = 5_000_000;

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

const WORDS = (
  'apple bright cloud river stone green blue swift lucky happy smart quick golden silver ocean forest ' +
  'sun moon star sky fire water earth wind light dark peak summit north south east west city urban ' +
  'home house garden market trade shop store buy sell deal cash pay coin bank fund money wealth ' +
  'health care life fit yoga food chef taste fresh farm tea coffee wine beer bake pizza sushi ' +
  'travel trip tour hotel fly jet car auto drive ride bike road map guide local world global ' +
  'tech data code cloud web net app soft byte pixel logic robot smart mind brain learn study ' +
  'school class book read write story news media film music song art design style fashion wear ' +
  'baby kids family pet dog cat bird fish panda tiger dragon eagle lion fox wolf bear ' +
  'game play win team sport ball golf run gym zone hub lab box kit pro max prime alpha beta ' +
  'nova zen bloom spark pulse wave flow craft forge nest haven harbor bridge gate path quest'
)
  .split(' ')
  .filter(Boolean);

const PINYIN = (
  'hao che mei shi jiao yu bai du tian xia zhong guo jia ju fang chan qi le you xi wang luo shang ' +
  'cheng kuai ji dian ying yin hua long feng yun xin ming an kang jian fu gui tong da xiao yi er ' +
  'san bao bei jing hai nan dong hong jin shui huo tu mu shan he chun qiu meng ai ma pin gou wu ' +
  'liu qian ke zhi xue wen tao lai mai zu fa ren min cai hui sheng huo ku wan'
)
  .split(' ')
  .filter(Boolean);

/** TLDs with weights (common first). */
const TLDS: [string, number][] = [
  ['com', 34],
  ['net', 9],
  ['cn', 11],
  ['com.cn', 6],
  ['org', 6],
  ['xyz', 7],
  ['top', 7],
  ['io', 6],
  ['co', 5],
  ['ai', 5],
  ['cc', 4],
];
const REGISTRARS = ['Alibaba Cloud', 'Tencent Cloud', 'West.cn', 'Xin Net', 'GoDaddy', 'Namecheap', 'Dynadot', 'Gname'];
const PARTNERS = ['DropCatch', 'NameJet', 'SnapNames', 'Alibaba Cloud', 'West.cn', 'Gname'];
/** Baidu weight 0–6, mostly low. */
const BAIDU_WEIGHTS: [number, number][] = [
  [0, 56],
  [1, 20],
  [2, 12],
  [3, 7],
  [4, 3],
  [5, 1.5],
  [6, 0.5],
];

function weighted<T>(rand: () => number, items: [T, number][]): T {
  const total = items.reduce((s, [, w]) => s + w, 0);
  let r = rand() * total;
  for (const [item, w] of items) {
    r -= w;
    if (r < 0) return item;
  }
  return (items[items.length - 1] as [T, number])[0];
}

const pick = <T>(rand: () => number, items: readonly T[]): T => items[Math.floor(rand() * items.length)] as T;
const between = (rand: () => number, lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1));
/** A long tail: mostly small, sometimes up to `max`. */
const tail = (rand: () => number, max: number) => Math.floor(Math.exp(rand() ** 2.2 * Math.log(max + 1))) - 1;

/** A name of one of the styles, and whether it is 'premium' (short, repeated digits, one word). */
function demoName(rand: () => number): { name: string; premium: boolean } {
  const style = rand();
  if (style < 0.28) {
    const one = rand() < 0.35;
    const name = one ? pick(rand, WORDS) : `${pick(rand, WORDS)}${pick(rand, WORDS)}`;
    return { name, premium: one && rand() < 0.3 };
  }
  if (style < 0.58) {
    const n = rand() < 0.7 ? 2 : 3;
    const name = Array.from({ length: n }, () => pick(rand, PINYIN)).join('');
    return { name, premium: n === 2 && rand() < 0.08 };
  }
  if (style < 0.75) {
    const len = between(rand, 3, 6);
    if (rand() < 0.1) {
      const d = String(between(rand, 1, 9));
      return { name: d.repeat(len), premium: true };
    }
    const name = String(between(rand, 10 ** (len - 1), 10 ** len - 1));
    return { name, premium: len === 3 && rand() < 0.3 };
  }
  if (style < 0.9) {
    const len = rand() < 0.4 ? 3 : 4;
    const name = Array.from({ length: len }, () => String.fromCharCode(97 + Math.floor(rand() * 26))).join('');
    return { name, premium: len === 3 && rand() < 0.25 };
  }
  const parts = rand() < 0.5 ? [pick(rand, WORDS), pick(rand, WORDS)] : [pick(rand, PINYIN), pick(rand, PINYIN)];
  return { name: parts.join('-'), premium: false };
}

type LotInsert = NewAuctionRow;

interface Window {
  status: 'bidding' | 'scheduled' | 'ended';
  startsAt: Date;
  endsAt: Date;
}

/** A lot row with plausible data; prices and end window from the caller. */
function demoLot(rand: () => number, domain: string, premium: boolean, w: Window, now: Date): LotInsert {
  const type: LotType = rand() < 0.6 ? 'pre-release' : 'expired';
  const backlinks = tail(rand, 250_000);
  const citationFlow = Math.min(100, Math.floor(100 * rand() ** 2.4));
  const startDollars = premium ? between(rand, 50, 500) : 1 + Math.floor(499 * rand() ** 4);
  const registeredAt = new Date(Date.UTC(between(rand, 1998, 2023), between(rand, 0, 11), between(rand, 1, 28)));
  const expiresAt = new Date(now.getTime() - between(rand, 1, 80) * DAY - between(rand, 0, 23) * HOUR);
  const startPriceCents = startDollars * 100;
  return {
    domain,
    ...splitDomain(domain),
    isPremium: premium,
    type,
    status: w.status,
    partner: pick(rand, PARTNERS),
    registrar: pick(rand, REGISTRARS),
    registeredAt,
    expiresAt,
    redeemableUntil: type === 'expired' ? new Date(w.endsAt.getTime() + 27 * DAY) : null,
    traffic: tail(rand, 80_000),
    backlinks,
    referringDomains: Math.floor(backlinks / between(rand, 4, 25)),
    citationFlow,
    trustFlow: Math.min(100, Math.floor(citationFlow * (0.4 + 0.7 * rand()))),
    baiduIndex: tail(rand, 60_000),
    sogouIndex: tail(rand, 20_000),
    googleIndex: tail(rand, 120_000),
    baiduWeight: weighted(rand, BAIDU_WEIGHTS),
    pageAuthority: Math.min(100, Math.floor(100 * rand() ** 2)),
    startPriceCents,
    currentPriceCents: startPriceCents,
    startsAt: w.startsAt,
    scheduledEndsAt: w.endsAt,
    endsAt: w.endsAt,
    latestEndsAt: new Date(w.startsAt.getTime() + AUCTION_RULES.maxDurationDays * DAY),
    createdAt: new Date(Math.min(w.startsAt.getTime(), now.getTime())),
    updatedAt: now,
  };
}

/** Live: ends within the hour (3%) or over the coming 6 days; started at least 3 days before its end, ≤ 6. */
function liveWindow(rand: () => number, now: number): Window {
  const endsIn = rand() < 0.03 ? between(rand, 2, 60) * MIN : HOUR + Math.floor(rand() * (5.9 * DAY - HOUR));
  const endsAt = now + endsIn;
  const latestStart = Math.min(now - MIN, endsAt - AUCTION_RULES.minDurationDays * DAY);
  const earliestStart = endsAt - AUCTION_RULES.maxDurationDays * DAY + MIN;
  const startsAt = earliestStart + Math.floor(rand() * (latestStart - earliestStart));
  return { status: 'bidding', startsAt: new Date(startsAt), endsAt: new Date(endsAt) };
}

function scheduledWindow(rand: () => number, now: number): Window {
  const startsAt = now + HOUR + Math.floor(rand() * 23 * HOUR);
  const endsAt = startsAt + between(rand, 3, 5) * DAY + between(rand, 0, 23) * HOUR;
  return { status: 'scheduled', startsAt: new Date(startsAt), endsAt: new Date(endsAt) };
}

/** A bid record of a sold demo lot, before its lot has an id (and so a hash). */
interface SoldRecord {
  userId: bigint;
  bidderNo: number;
  amountCents: number;
  kind: 'manual' | 'proxy';
  at: number;
}

/**
 * The bid records of a lot sold at `winning`: amounts stepping down from the winning price by one
 * to three increments of the rules (each record at least the minimum next bid after the one
 * before), the first at or above the start price; two to six bidders taking turns, the last record
 * the winner's; times spread over the lot's window, oldest first.
 */
function soldHistory(
  rand: () => number,
  bidders: bigint[],
  start: number,
  winning: number,
  from: number,
  to: number,
): SoldRecord[] {
  const amounts = [winning];
  const wanted = between(rand, 2, 24);
  while (amounts.length < wanted) {
    const last = amounts[amounts.length - 1] as number;
    const prev = last - incrementFor(last) * between(rand, 1, 3);
    if (prev >= start) {
      amounts.push(prev);
      continue;
    }
    if (last > start && last - start >= incrementFor(start)) amounts.push(start);
    break;
  }
  amounts.reverse();
  const people = [...bidders].sort(() => rand() - 0.5).slice(0, between(rand, 2, 6));
  const who: bigint[] = [];
  for (let i = 0; i < amounts.length; i++) {
    const others = people.filter((p) => p !== who[i - 1]);
    who.push(others[Math.floor(rand() * others.length)] as bigint);
  }
  const numbers = new Map<bigint, number>();
  for (const userId of who) if (!numbers.has(userId)) numbers.set(userId, numbers.size + 1);
  const times = amounts.map(() => from + MIN + Math.floor(rand() * (to - from - 2 * MIN))).sort((a, b) => a - b);
  return amounts.map((amountCents, i) => ({
    userId: who[i] as bigint,
    bidderNo: numbers.get(who[i] as bigint) as number,
    amountCents,
    kind: rand() < 0.35 ? 'proxy' : 'manual',
    at: times[i] as number,
  }));
}

/** The sold lots' bid records on their hash chains, and each lot's chain head. */
async function insertSoldRecords(db: Db, sold: Map<string, SoldRecord[]>): Promise<void> {
  const lots = await listEndedLots(db);
  const rows: NewBidRow[] = [];
  const heads: { id: bigint; head: string }[] = [];
  for (const lot of lots) {
    let prevHash = GENESIS_HASH;
    for (const [i, r] of (sold.get(lot.domain) ?? []).entries()) {
      const createdAt = new Date(r.at);
      const record = { seq: i + 1, bidderNo: r.bidderNo, amountCents: r.amountCents, kind: r.kind, prevHash };
      const hash = bidHash(lot.id, { ...record, createdAt: createdAt.toISOString() });
      rows.push({ auctionId: lot.id, userId: r.userId, createdAt, hash, ...record });
      prevHash = hash;
    }
    if (prevHash !== GENESIS_HASH) heads.push({ id: lot.id, head: prevHash });
  }
  await insertBidRows(db, rows);
  await setChainHeads(db, heads);
}

/** Tops the user's available balance up to `cents` (operators' adjustments account), once. */
async function fundBidder(db: Db, now: Date, userId: bigint, cents: number): Promise<void> {
  await db.transaction(async (tx) => {
    const { availableCents } = await getBalances(tx, userId);
    if (availableCents >= cents) return;
    await transfer(tx, now, {
      kind: 'adjustment',
      idempotencyKey: `seed:demo-auctions:balance:${userId}`,
      ref: { type: 'seed', id: 'demo-auctions' },
      memo: ledgerMemo({ code: 'demoBalance', purpose: 'bidding' }),
      postings: [
        { account: { platform: 'adjustments' }, amountCents: -(cents - availableCents) },
        { account: { userId, bucket: 'available' }, amountCents: cents - availableCents },
      ],
    });
  });
}

/** The demo bidders (created once, with a random password nobody knows) with their balance. */
async function demoBidders(app: SeederContext['app'], db: Db, now: Date): Promise<bigint[]> {
  const ids: bigint[] = [];
  for (let i = 1; i <= DEMO_BIDDERS; i++) {
    const email = `bidder${String(i).padStart(2, '0')}@demo.namebourse.com`;
    const user =
      (await getUserByEmail(app, email)) ??
      (await createUser(db, app.platform.clock, {
        email,
        password: `${randomBytes(18).toString('base64url')}Aa1!`,
        nickname: `bidder${i}`,
        role: 'user',
      }));
    await fundBidder(db, now, user.id, DEMO_BIDDER_BALANCE_CENTS);
    ids.push(user.id);
  }
  return ids;
}

/**
 * Bids on open lots: about 60% of those ending within the hour and 1.2% of the rest get two to six
 * bidders with maximums a long tail above the start price, bidding at times spread between the
 * lot's start and now.
 */
async function seedHistory(
  app: SeederContext['app'],
  db: Db,
  bidders: bigint[],
  now: Date,
  rand: () => number,
): Promise<{ lotsWithBids: number; bids: number }> {
  const open = await listOpenLotsWithoutBids(db);
  const t = now.getTime();
  let lotsWithBids = 0;
  let bids = 0;
  for (const lot of open) {
    const soon = lot.endsAt.getTime() - t < HOUR;
    if (rand() >= (soon ? 0.6 : 0.012)) continue;
    const n = between(rand, 2, 6);
    const who = [...bidders].sort(() => rand() - 0.5).slice(0, n);
    const from = lot.startsAt.getTime();
    const span = Math.max(MIN, t - MIN - from);
    const times = who.map(() => from + Math.floor(rand() * span)).sort((a, b) => a - b);
    const history = who.map((userId, k) => ({
      userId,
      maxCents: Math.round((lot.start * (1.2 + rand() * 2 + tail(rand, 8))) / 100) * 100,
      at: new Date(times[k] as number),
    }));
    const accepted = await replayBids(app, lot.id, history);
    if (accepted > 0) lotsWithBids++;
    bids += accepted;
  }
  return { lotsWithBids, bids };
}

export const demoAuctionsSeeder: Seeder = {
  name: 'demo-auctions',
  async run({ app, db, clock, log }) {
    if ((await countLots(db)) > 0) return undefined;
    const started = performance.now();
    const now = clock.now();
    const rand = seededRandom(20_260_105);
    // The demo buyer (from the account seeder) bids with this balance and is the winner of the sold lots.
    const buyer = await getUserByEmail(app, DEMO_BUYER.email);
    if (buyer) await fundBidder(db, now, buyer.id, DEMO_BIDDING_BALANCE_CENTS);

    const seen = new Set<string>();
    const nextDomain = (): { domain: string; premium: boolean } => {
      for (;;) {
        const { name, premium } = demoName(rand);
        const domain = `${name}.${weighted(rand, TLDS)}`;
        if (seen.has(domain)) continue;
        seen.add(domain);
        return { domain, premium };
      }
    };

    const rows: LotInsert[] = [];
    const t = now.getTime();
    for (let i = 0; i < DEMO_LOTS_OPEN; i++) {
      const { domain, premium } = nextDomain();
      rows.push(demoLot(rand, domain, premium, liveWindow(rand, t), now));
    }
    for (let i = 0; i < DEMO_LOTS_SCHEDULED; i++) {
      const { domain, premium } = nextDomain();
      rows.push(demoLot(rand, domain, premium, scheduledWindow(rand, t), now));
    }
    const bidders = await demoBidders(app, db, now);
    const sold = new Map<string, SoldRecord[]>();
    for (let i = 0; i < DEMO_LOTS_SOLD; i++) {
      const { domain, premium } = nextDomain();
      const closedAt = t - HOUR - Math.floor(rand() * 29 * DAY);
      const duration = between(rand, 3, 6) * DAY - (rand() < 0.5 ? HOUR : 0);
      const lot = demoLot(
        rand,
        domain,
        premium,
        { status: 'ended', startsAt: new Date(closedAt - duration), endsAt: new Date(closedAt) },
        now,
      );
      const start = lot.startPriceCents;
      const winning = Math.max(
        start,
        Math.round((start * (1 + tail(rand, 60))) / 100) * 100 + between(rand, 0, 20) * 500,
      );
      const records = soldHistory(rand, bidders, start, winning, closedAt - duration, closedAt);
      const last = records[records.length - 1] as SoldRecord;
      sold.set(domain, records);
      rows.push({
        ...lot,
        currentPriceCents: winning,
        winningPriceCents: winning,
        bidderCount: new Set(records.map((r) => r.bidderNo)).size,
        bidCount: records.length,
        leaderId: last.userId,
        leaderMaxCents: winning,
        winnerId: last.userId,
        closedAt: new Date(closedAt),
        updatedAt: new Date(closedAt),
      });
    }
    await insertLotRows(db, rows);
    await insertSoldRecords(db, sold);
    const history = await seedHistory(app, db, bidders, now, rand);
    log.info({ lots: rows.length, ...history, ms: Math.round(performance.now() - started) }, 'demo lots');
    return undefined;
  },
};
