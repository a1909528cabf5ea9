import type { DomainStatus, LockStatus } from '@namebourse/contract';
import type { Seeder } from '../../platform/seeders.ts';
import { DEMO_BUYER } from '../account/account.seeder.ts';
import { getUserByEmail } from '../account/account.service.ts';
import { insertPendingTransfer, updateTransferIf } from './domain-transfers.repository.ts';
import { insertGroup, listUserDomains, updateDomainIf } from './domains.repository.ts';
import { deliverDomain } from './domains.service.ts';
import { requestTransferCode } from './domains.transfer.ts';

const DAY = 86_400_000;

interface DemoDomain {
  name: string;
  /** Delivered this many days ago. */
  acquiredDaysAgo: number;
  /** Expires in this many days (negative: expired that long ago). */
  expiresInDays: number;
  status?: DomainStatus;
  lock?: LockStatus;
  group?: 'brand' | 'short';
  notes?: string;
  registrar?: string;
}

/**
 * The demo buyer's domains (issue 15, "Demo data"): ~30 in varied states — most normal at their
 * original registrars, some expiring soon (renewable), two in redemption, locked and unlocked, two
 * groups and notes, a few delivered too recently to transfer out, one transferred in and one being
 * transferred out (through the transfer service, so its code, transfer and operation are real).
 */
const DEMO_DOMAINS: DemoDomain[] = [
  {
    name: 'lumaforge.com',
    acquiredDaysAgo: 220,
    expiresInDays: 310,
    group: 'brand',
    notes: '主推品牌，报价 $4,800 以上',
  },
  { name: 'quillstack.io', acquiredDaysAgo: 180, expiresInDays: 150, group: 'brand', lock: 'open' },
  { name: 'nimbusloft.com', acquiredDaysAgo: 365, expiresInDays: 95, group: 'brand' },
  { name: 'brightpath.ai', acquiredDaysAgo: 120, expiresInDays: 400, group: 'brand', notes: 'AI startup names' },
  { name: 'kelpie.net', acquiredDaysAgo: 300, expiresInDays: 200, group: 'short' },
  { name: 'orbitkeel.com', acquiredDaysAgo: 95, expiresInDays: 260 },
  { name: 'saffronlane.com', acquiredDaysAgo: 410, expiresInDays: 45, lock: 'open' },
  { name: 'tidewell.co', acquiredDaysAgo: 150, expiresInDays: 180 },
  { name: 'zhixin.cn', acquiredDaysAgo: 90, expiresInDays: 330, group: 'short', notes: '智信，适合金融科技' },
  { name: 'hanfeng.top', acquiredDaysAgo: 75, expiresInDays: 290, group: 'short' },
  { name: 'copperfox.xyz', acquiredDaysAgo: 200, expiresInDays: 120 },
  { name: 'veloura.com', acquiredDaysAgo: 260, expiresInDays: 70, group: 'brand' },
  { name: 'pinecrest.org', acquiredDaysAgo: 330, expiresInDays: 240 },
  {
    name: 'mintcart.com',
    acquiredDaysAgo: 140,
    expiresInDays: 210,
    lock: 'open',
    notes: 'e-commerce buyer asked twice',
  },
  { name: 'rivetly.io', acquiredDaysAgo: 100, expiresInDays: 160 },
  { name: 'solstead.com', acquiredDaysAgo: 280, expiresInDays: 340 },
  { name: 'jadepeak.vip', acquiredDaysAgo: 85, expiresInDays: 280, group: 'short' },
  { name: 'northwind.ai', acquiredDaysAgo: 160, expiresInDays: 500 },
  { name: 'gx7.com', acquiredDaysAgo: 390, expiresInDays: 360, group: 'short', notes: '三字符 .com' },
  // Delivered lately: transfer out not possible yet.
  { name: 'amberquay.com', acquiredDaysAgo: 12, expiresInDays: 300 },
  { name: 'fenglin.cn', acquiredDaysAgo: 20, expiresInDays: 190, group: 'short' },
  // Expiring soon: renewable.
  { name: 'aurorabay.com', acquiredDaysAgo: 330, expiresInDays: 12, status: 'renewable' },
  { name: 'stonebridge.net', acquiredDaysAgo: 340, expiresInDays: 20, status: 'renewable', group: 'brand' },
  { name: 'fernhill.io', acquiredDaysAgo: 350, expiresInDays: 25, status: 'renewable', lock: 'open' },
  { name: 'yunduan.cn', acquiredDaysAgo: 360, expiresInDays: 5, status: 'renewable', notes: '续费或放弃？' },
  // Expired: in redemption (can be restored at the redemption price).
  { name: 'lostharbor.com', acquiredDaysAgo: 380, expiresInDays: -6, status: 'in_redemption' },
  { name: 'oldmill.net', acquiredDaysAgo: 400, expiresInDays: -14, status: 'in_redemption' },
  // Being transferred out (its lock is open; the code is issued below).
  { name: 'swiftquay.com', acquiredDaysAgo: 240, expiresInDays: 220, lock: 'open' },
];

/** Transferred in from another registrar three days ago. */
const TRANSFERRED_IN = { name: 'bluefinch.com', daysAgo: 3, expiresInDays: 330, from: 'GoDaddy' } as const;

export const demoDomainsSeeder: Seeder = {
  name: 'demo-domains',
  async run({ app, db, clock }) {
    const buyer = await getUserByEmail(app, DEMO_BUYER.email);
    if (!buyer) return undefined;
    const now = clock.now();
    const held = await listUserDomains(
      db,
      { userId: buyer.id, sort: 'acquired_desc' },
      { limit: DEMO_DOMAINS.length + 5, offset: 0 },
    );
    if (held.items.some((d) => d.name === DEMO_DOMAINS[0]?.name)) return undefined;

    const at = (days: number) => new Date(now.getTime() + days * DAY);
    await db.transaction(async (tx) => {
      const brand = await insertGroup(tx, {
        userId: buyer.id,
        name: '品牌 Brandables',
        description: '可做品牌的双词 .com / .io / .ai',
        now,
      });
      const short = await insertGroup(tx, {
        userId: buyer.id,
        name: '短域名 Short',
        description: '三四字符与拼音短域名',
        now,
      });
      const groups = { brand: brand?.id ?? null, short: short?.id ?? null };
      for (const [i, d] of DEMO_DOMAINS.entries()) {
        const acquiredAt = at(-d.acquiredDaysAgo);
        const row = await deliverDomain(tx, {
          userId: buyer.id,
          domain: d.name,
          registrar: d.registrar ?? 'NameBourse Registrar',
          registeredAt: at(d.expiresInDays - 365 * (2 + (i % 5))),
          expiresAt: at(d.expiresInDays),
          orderId: null,
          now: acquiredAt,
        });
        await updateDomainIf(
          tx,
          row.id,
          {},
          {
            status: d.status ?? 'normal',
            lockStatus: d.lock ?? 'closed',
            groupId: d.group ? groups[d.group] : null,
            notes: d.notes ?? null,
            updatedAt: now,
          },
        );
      }
      const arrived = at(-TRANSFERRED_IN.daysAgo);
      await deliverDomain(tx, {
        userId: buyer.id,
        domain: TRANSFERRED_IN.name,
        registrar: 'NameBourse Registrar',
        registeredAt: at(TRANSFERRED_IN.expiresInDays - 365 * 6),
        expiresAt: at(TRANSFERRED_IN.expiresInDays),
        orderId: null,
        now: arrived,
      });
      const transfer = await insertPendingTransfer(tx, {
        userId: buyer.id,
        domain: TRANSFERRED_IN.name,
        direction: 'in',
        kind: 'standard',
        status: 'pending',
        fromRegistrar: TRANSFERRED_IN.from,
        toRegistrar: 'NameBourse Registrar',
        requestedAt: new Date(arrived.getTime() - 5 * 60_000),
        updatedAt: arrived,
      });
      if (transfer) {
        await updateTransferIf(tx, transfer.id, { status: 'pending' }, { status: 'completed', finishedAt: arrived });
      }
    });
    // The transfer out goes through the service: a real code (its hash kept), transfer and operation.
    await requestTransferCode(app, { id: buyer.id, role: buyer.role }, 'swiftquay.com', 'zh-CN');
    return undefined;
  },
};
