import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enginesFor, type TestContext } from '../../../test/helpers.ts';
import { billingLines, formatRate, formatTime, formatUsd } from './invoice.ts';
import {
  buildMoneyTestApp,
  CHINESE_BILLING,
  newOrder,
  readyBuyer,
  saveBilling,
  signIn,
} from './orders.test-support.ts';

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
    expect(formatTime(new Date('2026-01-05T18:30:00Z'), 480)).toBe('2026-01-06 02:30 (UTC+08:00)');
    expect(formatTime(new Date('2026-01-05T18:30:00Z'), -300)).toBe('2026-01-05 13:30 (UTC-05:00)');
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
    // The payment time in the reader's time zone (UTC+8).
    expect(text).toContain(formatTime(t.clock.now(), 480));

    const english = await pdfText((await invoice(headers, order.id, 'en-US')).rawPayload);
    for (const expected of ['Invoice', 'Hong Kong', 'Bill to', 'Guangdong', 'China', '$1,060.00', 'Amount excl. tax']) {
      expect(english.text, expected).toContain(expected);
    }
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
