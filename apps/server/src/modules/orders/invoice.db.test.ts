import { DEFAULT_SETTINGS } from '@namebourse/contract';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enginesFor, type TestContext } from '../../../test/helpers.ts';
import { billingLines, formatRate, formatTime, formatUsd, invoiceColumns, renderInvoicePdf } from './invoice.ts';
import type { OrderRow } from './orders.repository.ts';
import {
  buildMoneyTestApp,
  CHINESE_BILLING,
  newOrder,
  readyBuyer,
  saveBilling,
  signIn,
} from './orders.test-support.ts';

/** The trimmed, non-empty text items of every page (pdfjs gives one per run of text pdfkit draws). */
async function pdfItems(bytes: Buffer): Promise<{ items: string[]; pages: number }> {
  const doc = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, isEvalSupported: false }).promise;
  const items: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    for (const item of content.items) if ('str' in item && item.str.trim()) items.push(item.str.trim());
  }
  const pages = doc.numPages;
  await doc.destroy();
  return { items, pages };
}

/** Every text item of every page, joined with spaces (pdfjs splits runs of text into items). */
async function pdfText(bytes: Buffer): Promise<{ text: string; pages: number; fonts: string[] }> {
  const doc = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, isEvalSupported: false }).promise;
  const parts: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n);
    const content = await page.getTextContent();
    for (const item of content.items) if ('str' in item) parts.push(item.str);
  }
  const fonts = Object.values((await (await doc.getPage(1)).getTextContent()).styles).map((s) => s.fontFamily);
  const pages = doc.numPages;
  await doc.destroy();
  return { text: parts.join(' ').replace(/\s+/g, ' '), pages, fonts };
}

describe('invoice formatting', () => {
  it('formats money, rates and times for the reader', () => {
    expect(formatUsd(106_000, 'en-US')).toBe('$1,060.00');
    expect(formatUsd(106_000, 'zh-CN')).toContain('1,060.00');
    expect(formatRate(600)).toBe('6%');
    expect(formatRate(825)).toBe('8.25%');
  });

  it('shows times in the reader’s IANA time zone, named, with its offset at that moment; UTC otherwise', () => {
    const at = new Date('2026-01-05T18:30:00Z');
    expect(formatTime(at, 'Asia/Shanghai')).toBe('2026-01-06 02:30 (Asia/Shanghai, UTC+08:00)');
    expect(formatTime(at, 'America/New_York')).toBe('2026-01-05 13:30 (America/New_York, UTC-05:00)');
    // Summer time: the offset of the moment, not of the zone's winter.
    expect(formatTime(new Date('2026-07-05T18:30:00Z'), 'America/New_York')).toBe(
      '2026-07-05 14:30 (America/New_York, UTC-04:00)',
    );
    expect(formatTime(at, 'Asia/Kolkata')).toBe('2026-01-06 00:00 (Asia/Kolkata, UTC+05:30)');
    expect(formatTime(at, 'UTC')).toBe('2026-01-05 18:30 (UTC)');
    expect(formatTime(at, 'Mars/Olympus_Mons')).toBe('2026-01-05 18:30 (UTC)');
    expect(formatTime(at, '')).toBe('2026-01-05 18:30 (UTC)');
  });

  it('sizes the number columns to their widest text, so the description gets the rest', () => {
    const measure = (text: string, size: number) => text.length * size * 0.5;
    const cols = invoiceColumns(
      measure,
      { left: 50, right: 545 },
      {
        amount: ['Amount excl. tax', 'US$1,164,686.69'],
        rate: ['Tax rate', '6%'],
        tax: ['Tax', 'US$69,881.20'],
        total: ['Total', 'US$1,234,567.89'],
      },
    );
    expect(cols.total.x + cols.total.width).toBe(545);
    expect(cols.total.width).toBeGreaterThanOrEqual(measure('US$1,234,567.89', 10));
    expect(cols.amount.width).toBeGreaterThanOrEqual(measure('US$1,164,686.69', 10));
    expect(cols.rate.width).toBeGreaterThanOrEqual(measure('Tax rate', 9));
    // In order, without overlapping.
    expect(cols.desc.x + cols.desc.width).toBeLessThan(cols.amount.x);
    expect(cols.amount.x + cols.amount.width).toBeLessThan(cols.rate.x);
    expect(cols.rate.x + cols.rate.width).toBeLessThan(cols.tax.x);
    expect(cols.tax.x + cols.tax.width).toBeLessThan(cols.total.x);
    expect(cols.desc.width).toBeGreaterThan(150);
  });

  it('never wraps a large amount (US$1,234,567.89) in either language', async () => {
    const paidAt = new Date('2026-01-05T18:30:00Z');
    const order = {
      id: 'O20260105000001',
      buyerId: 1n,
      sellerId: null,
      partner: null,
      source: 'auction',
      sourceRef: null,
      domain: 'a-rather-long-premium-domain-name.com',
      status: 'paid_awaiting_delivery',
      amountCents: 123_456_789,
      amountExTaxCents: 116_468_669,
      taxCents: 6_988_120,
      taxRateBps: 600,
      payBy: null,
      paidAt,
      deliverAt: null,
      completedAt: null,
      reclaimableUntil: null,
      registryCheckAt: null,
      deliveryError: null,
      listingId: null,
      commissionBps: null,
      delivery: 'registry',
      paymentRemindedAt: null,
      billingSnapshot: null,
      invoiceNo: 'INV20260105000001',
      createdAt: paidAt,
      updatedAt: paidAt,
    } satisfies OrderRow;
    for (const locale of ['zh-CN', 'en-US'] as const) {
      const pdf = await renderInvoicePdf({
        order,
        invoiceNo: 'INV20260105000001',
        billing: null,
        locale,
        timeZone: 'Asia/Shanghai',
        now: paidAt,
      });
      const { items, pages } = await pdfItems(pdf);
      expect(pages).toBe(1);
      // Each amount is one unbroken run of text, in the line and in the totals.
      const total = formatUsd(123_456_789, locale);
      expect(total).toMatch(/1,234,567\.89$/);
      expect(items.filter((i) => i === total).length, locale).toBe(3); // line, total, paid
      expect(items, locale).toContain(formatUsd(116_468_669, locale));
      expect(items, locale).toContain(formatUsd(6_988_120, locale));
      expect(
        items.some((i) => /^\d{2}$/.test(i)),
        locale,
      ).toBe(false);
      expect(items.join(' '), locale).toContain('2026-01-06 02:30 (Asia/Shanghai, UTC+08:00)');
    }
  });

  it('names the country and province from the region data in the reader’s language', () => {
    const snapshot = { ...CHINESE_BILLING, name: 'San Zhang', company: '', email: 'a@example.com' };
    expect(billingLines(snapshot, 'zh-CN')).toEqual([
      'San Zhang',
      '中国 广东省 深圳市',
      CHINESE_BILLING.address,
      '邮编 518057',
      `税号: ${CHINESE_BILLING.taxId}`,
      'a@example.com',
    ]);
    expect(billingLines(snapshot, 'en-US')).toContain('China');
    expect(billingLines(snapshot, 'en-US')).toContain('深圳市, Guangdong, 518057');
    expect(billingLines(null, 'en-US')).toEqual([]);
  });
});

describe.each(enginesFor('app'))('invoices (%s)', (engine) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await buildMoneyTestApp(engine);
  });
  afterAll(async () => {
    await t?.close();
  });

  const invoice = (headers: Record<string, string>, orderId: string, locale = 'zh-CN') =>
    t.app.inject({
      method: 'GET',
      url: `/api/orders/${orderId}/invoice`,
      headers: { ...headers, 'accept-language': locale, 'accept-timezone-offset': '480' },
    });

  it('a paid order’s invoice is a PDF download with the order, amounts and the Chinese billing address', async () => {
    const { user, headers } = await readyBuyer(t, 200_000);
    await saveBilling(t, headers);
    const order = await newOrder(t, user.id, { amountExTaxCents: 100_000, domain: 'invoice-test.com' });

    const early = await invoice(headers, order.id, 'en-US');
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({
      code: 'Order.InvoiceUnavailable',
      message: 'The invoice is available once the order is paid',
    });

    const paid = await t.app.inject({ method: 'POST', url: `/api/orders/${order.id}/pay`, headers });
    expect(paid.json().data.hasInvoice).toBe(true);
    // A later change of the billing address does not change the invoice: it shows the address at payment.
    await saveBilling(t, headers, { ...CHINESE_BILLING, city: '广州市' });

    const res = await invoice(headers, order.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const invoiceNo = `INV${order.id.slice(1)}`;
    expect(res.headers['content-disposition']).toBe(`attachment; filename="invoice-${invoiceNo}.pdf"`);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const { text, pages, fonts } = await pdfText(res.rawPayload);
    expect(pages).toBe(1);
    expect(fonts.length).toBeGreaterThan(0);
    for (const expected of [
      '发票',
      'NameBourse Ltd',
      '中国香港',
      invoiceNo,
      order.id,
      'invoice-test.com',
      '1,000.00', // excluding tax
      '6%',
      '60.00', // tax
      '1,060.00', // total and paid
      '中国 广东省 深圳市',
      CHINESE_BILLING.address,
      '518057',
      CHINESE_BILLING.taxId,
      '不含税金额',
      '价税合计',
      '已支付',
    ]) {
      expect(text, expected).toContain(expected);
    }
    expect(text).not.toContain('广州市');
    // The payment time in the time zone of the buyer's settings (Asia/Shanghai unless changed), named;
    // the browser's offset header does not change it.
    expect(text).toContain(formatTime(t.clock.now(), 'Asia/Shanghai'));
    expect(formatTime(t.clock.now(), 'Asia/Shanghai')).toContain('(Asia/Shanghai, UTC+08:00)');

    const english = await pdfText((await invoice(headers, order.id, 'en-US')).rawPayload);
    for (const expected of ['Invoice', 'Hong Kong', 'Bill to', 'Guangdong', 'China', '$1,060.00', 'Amount excl. tax']) {
      expect(english.text, expected).toContain(expected);
    }

    // The buyer moves to New York in their settings: the same invoice now shows New York time.
    const settings = await t.app.inject({
      method: 'POST',
      url: '/api/account-manage/update-settings',
      headers,
      payload: { ...DEFAULT_SETTINGS, language: 'en-US', timeZone: 'America/New_York' },
    });
    expect(settings.statusCode, settings.body).toBe(200);
    const moved = await pdfText((await invoice(headers, order.id, 'en-US')).rawPayload);
    expect(moved.text).toContain(formatTime(t.clock.now(), 'America/New_York'));
    expect(moved.text).toMatch(/\(America\/New_York, UTC-0[45]:00\)/);
    expect(moved.text).not.toContain('Asia/Shanghai');
  });

  it('only the buyer gets the invoice', async () => {
    const { user, headers } = await readyBuyer(t, 20_000);
    const order = await newOrder(t, user.id);
    await t.app.inject({ method: 'POST', url: `/api/orders/${order.id}/pay`, headers });
    const { headers: stranger } = await signIn(t);
    const res = await invoice(stranger, order.id, 'en-US');
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('Order.NotFound');
    expect((await t.app.inject({ method: 'GET', url: `/api/orders/${order.id}/invoice` })).statusCode).toBe(401);
    // Without a billing address the invoice still renders, saying so.
    const { text } = await pdfText((await invoice(headers, order.id, 'en-US')).rawPayload);
    expect(text).toContain('No billing address on file');
  });
});
