import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locale } from '@namebourse/contract';
import PDFDocument from 'pdfkit';
import { findCountry } from '../profile/regions.ts';
import type { OrderRow } from './orders.repository.ts';
import type { BillingSnapshot } from './orders.rules.ts';

/**
 * Invoices as PDF (pdfkit). The text is set in Noto Sans SC Regular (SIL Open Font License 1.1,
 * assets/fonts/OFL.txt), embedded (subset) in every file, so Chinese names and addresses render on
 * any reader. The whole font ships with the server (30,890 characters: user-entered names and
 * addresses may use any of them), found the same way from src (tsx, vitest) and from dist/ (bundle).
 */

const FONT_FILE = 'assets/fonts/NotoSansSC-Regular.ttf';
let fontBytes: Promise<Buffer> | undefined;

/** apps/server/assets/fonts/… from src/modules/orders (tsx, vitest) or from dist/ (bundled build). */
export function invoiceFontPath(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  const candidates = [resolve(here, '../../..', FONT_FILE), resolve(here, '..', FONT_FILE)];
  const found = candidates.find((c) => existsSync(c));
  if (found) return found;
  throw new Error(`Invoice font not found (looked in ${candidates.join(', ')})`);
}

/** The font file, read once (about 10 MB; each invoice embeds only the glyphs it uses). */
function invoiceFont(): Promise<Buffer> {
  fontBytes ??= Promise.resolve()
    .then(() => readFile(invoiceFontPath()))
    .catch((err: unknown) => {
      fontBytes = undefined;
      throw err;
    });
  return fontBytes;
}

/** Who issues the invoices. */
export const SELLER = {
  name: 'NameBourse Ltd',
  address: { 'zh-CN': '中国香港', 'en-US': 'Hong Kong' },
  email: 'billing@namebourse.com',
} as const;

const LABELS = {
  'zh-CN': {
    title: '发票',
    seller: '开票方',
    billTo: '购买方',
    invoiceNo: '发票号',
    orderId: '订单号',
    orderDate: '下单时间',
    paidAt: '支付时间',
    issuedAt: '开票日期',
    description: '项目',
    domainLine: (domain: string, source: string) => `域名 ${domain}（${source}）`,
    sources: { auction: '竞价成交', fixed: '一口价', offer: '议价成交', renewal: '域名续费', redemption: '域名赎回' },
    amountExTax: '不含税金额',
    taxRate: '税率',
    tax: '税额',
    total: '价税合计',
    paid: '已支付',
    due: '待付金额',
    taxId: '税号',
    currency: '币种：美元（USD）',
    none: '未填写账单地址',
    thanks: '感谢您使用 NameBourse。本发票由系统生成，无需盖章。',
  },
  'en-US': {
    title: 'Invoice',
    seller: 'Seller',
    billTo: 'Bill to',
    invoiceNo: 'Invoice no.',
    orderId: 'Order',
    orderDate: 'Order date',
    paidAt: 'Paid',
    issuedAt: 'Issue date',
    description: 'Description',
    domainLine: (domain: string, source: string) => `Domain ${domain} (${source})`,
    sources: { auction: 'auction', fixed: 'fixed price', offer: 'offer', renewal: 'renewal', redemption: 'redemption' },
    amountExTax: 'Amount excl. tax',
    taxRate: 'Tax rate',
    tax: 'Tax',
    total: 'Total',
    paid: 'Paid',
    due: 'Amount due',
    taxId: 'Tax ID',
    currency: 'Currency: US dollars (USD)',
    none: 'No billing address on file',
    thanks:
      'Thank you for using NameBourse. This invoice was generated electronically and is valid without a signature.',
  },
} as const;

export function formatUsd(cents: number, locale: Locale): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD' }).format(cents / 100);
}

/** 600 → '6%', 825 → '8.25%'. */
export function formatRate(bps: number): string {
  return `${(bps / 100).toFixed(2).replace(/\.?0+$/, '')}%`;
}

/** The zone to show: the reader's setting when the runtime knows it, else UTC. */
export function invoiceTimeZone(timeZone: string | null | undefined): string {
  if (!timeZone) return 'UTC';
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return timeZone;
  } catch {
    return 'UTC';
  }
}

/**
 * 'YYYY-MM-DD HH:mm (Asia/Shanghai, UTC+08:00)': the wall-clock time in the reader's IANA time
 * zone (their settings), with the zone named and its offset at that moment (so summer time shows);
 * 'YYYY-MM-DD HH:mm (UTC)' for UTC or a zone the runtime does not know.
 */
export function formatTime(date: Date, timeZone: string): string {
  const zone = invoiceTimeZone(timeZone);
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'longOffset',
  }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  const local = `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}`;
  if (zone === 'UTC' || zone === 'Etc/UTC') return `${local} (UTC)`;
  // 'GMT+08:00' ('GMT' alone at offset zero).
  const offset = part('timeZoneName').replace(/^GMT/, '') || '+00:00';
  return `${local} (${zone}, UTC${offset})`;
}

/** The billing address as lines, with country and province names from the region data in the reader's language. */
export function billingLines(billing: BillingSnapshot | null, locale: Locale): string[] {
  if (!billing?.country) return [];
  const country = findCountry(billing.country);
  const name = (entry: { v: string; n: string } | undefined, fallback: string) =>
    entry ? (locale === 'zh-CN' ? entry.v : entry.n) : fallback;
  const countryName = name(country, billing.country);
  const provinceName = billing.province
    ? name(
        country?.s.find((s) => s.c === billing.province),
        billing.province,
      )
    : '';
  const labels = LABELS[locale];
  const lines: string[] = [];
  if (billing.name) lines.push(billing.name);
  if (billing.company) lines.push(billing.company);
  if (locale === 'zh-CN') {
    // Chinese order: country, province, city, street, then the postal code.
    lines.push([countryName, provinceName, billing.city].filter(Boolean).join(' '));
    lines.push(billing.address);
    if (billing.postalCode) lines.push(`邮编 ${billing.postalCode}`);
  } else {
    lines.push(billing.address);
    lines.push([billing.city, provinceName, billing.postalCode].filter(Boolean).join(', '));
    lines.push(countryName);
  }
  if (billing.taxId) lines.push(`${labels.taxId}: ${billing.taxId}`);
  if (billing.email) lines.push(billing.email);
  return lines.filter((l) => l.trim().length > 0);
}

const NUMBER_COLUMNS = ['amount', 'rate', 'tax', 'total'] as const;
type NumberColumn = (typeof NUMBER_COLUMNS)[number];
export interface Column {
  x: number;
  width: number;
}

/**
 * The line table's columns between `left` and `right`: each number column (amount, rate, tax,
 * total; right-aligned, laid out from the right edge) as wide as the widest of its header (9 pt)
 * and its value (10 pt) by `measure`, plus a little slack, 12 pt apart; the description gets the rest.
 */
export function invoiceColumns(
  measure: (text: string, fontSize: number) => number,
  edges: { left: number; right: number },
  texts: Record<NumberColumn, [header: string, value: string]>,
): Record<NumberColumn | 'desc', Column> {
  const gap = 12;
  const out = {} as Record<NumberColumn | 'desc', Column>;
  let x = edges.right;
  for (const key of [...NUMBER_COLUMNS].reverse()) {
    const [header, value] = texts[key];
    const width = Math.ceil(Math.max(measure(header, 9), measure(value, 10))) + 2;
    x -= width;
    out[key] = { x, width };
    x -= gap;
  }
  out.desc = { x: edges.left + 6, width: x - (edges.left + 6) };
  return out;
}

export interface InvoiceInput {
  order: OrderRow;
  invoiceNo: string;
  billing: BillingSnapshot | null;
  locale: Locale;
  /** The reader's IANA time zone (their settings); UTC when the runtime does not know it. */
  timeZone: string;
  /** The file's creation time (the clock). */
  now: Date;
}

/** Renders the invoice of a paid order. */
export async function renderInvoicePdf(input: InvoiceInput): Promise<Buffer> {
  const { order, locale } = input;
  if (!order.paidAt) throw new Error('renderInvoicePdf: the order is not paid');
  const paidAt = order.paidAt;
  const labels = LABELS[locale];
  const font = await invoiceFont();
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: {
      Title: `${labels.title} ${input.invoiceNo}`,
      Author: SELLER.name,
      Subject: order.id,
      CreationDate: input.now,
    },
  });
  const chunks: Buffer[] = [];
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('NotoSansSC', font);
  doc.font('NotoSansSC');

  const left = 50;
  const right = doc.page.width - 50;
  const width = right - left;
  const money = (cents: number) => formatUsd(cents, locale);
  const time = (d: Date) => formatTime(d, input.timeZone);

  // Header: seller on the left, the title and numbers on the right.
  doc.fontSize(20).fillColor('#111827').text('NameBourse', left, 50);
  doc.fontSize(10).fillColor('#4b5563');
  doc.text(`${labels.seller}: ${SELLER.name}`, left, 78);
  doc.text(SELLER.address[locale], left, 92);
  doc.text(SELLER.email, left, 106);
  doc.fontSize(22).fillColor('#111827').text(labels.title, left, 50, { width, align: 'right' });
  doc.fontSize(10).fillColor('#374151');
  const meta: [string, string][] = [
    [labels.invoiceNo, input.invoiceNo],
    [labels.orderId, order.id],
    [labels.issuedAt, time(paidAt)],
    [labels.orderDate, time(order.createdAt)],
    [labels.paidAt, time(paidAt)],
  ];
  let y = 82;
  for (const [label, value] of meta) {
    doc.text(`${label}: ${value}`, left, y, { width, align: 'right' });
    y += 14;
  }

  // Bill to.
  y = Math.max(y, 130) + 16;
  doc.moveTo(left, y).lineTo(right, y).strokeColor('#e5e7eb').stroke();
  y += 12;
  doc.fontSize(11).fillColor('#111827').text(labels.billTo, left, y);
  y += 18;
  doc.fontSize(10).fillColor('#374151');
  const lines = billingLines(input.billing, locale);
  for (const line of lines.length > 0 ? lines : [labels.none]) {
    doc.text(line, left, y, { width: width / 2 + 60 });
    y = doc.y + 2;
  }

  // The line: one domain. The number columns are as wide as their widest text (header at 9 pt,
  // amount at 10 pt), so no amount ever wraps; the description takes what is left.
  y += 18;
  const row = {
    amount: money(order.amountExTaxCents),
    rate: formatRate(order.taxRateBps),
    tax: money(order.taxCents),
    total: money(order.amountCents),
  };
  const cols = invoiceColumns(
    (text, size) => doc.fontSize(size).widthOfString(text),
    { left, right },
    {
      amount: [labels.amountExTax, row.amount],
      rate: [labels.taxRate, row.rate],
      tax: [labels.tax, row.tax],
      total: [labels.total, row.total],
    },
  );
  doc.rect(left, y, width, 22).fill('#f3f4f6');
  doc.fillColor('#111827').fontSize(9);
  doc.text(labels.description, cols.desc.x, y + 6, { width: cols.desc.width });
  for (const key of NUMBER_COLUMNS) {
    const header = { amount: labels.amountExTax, rate: labels.taxRate, tax: labels.tax, total: labels.total }[key];
    doc.text(header, cols[key].x, y + 6, { width: cols[key].width, align: 'right', lineBreak: false });
  }
  y += 30;
  doc.fillColor('#374151').fontSize(10);
  doc.text(labels.domainLine(order.domain, labels.sources[order.source]), cols.desc.x, y, { width: cols.desc.width });
  const rowBottom = doc.y;
  for (const key of NUMBER_COLUMNS) {
    doc.text(row[key], cols[key].x, y, { width: cols[key].width, align: 'right', lineBreak: false });
  }
  y = Math.max(rowBottom, doc.y) + 10;
  doc.moveTo(left, y).lineTo(right, y).strokeColor('#e5e7eb').stroke();

  // Totals.
  y += 12;
  const totals: [string, string][] = [
    [labels.amountExTax, money(order.amountExTaxCents)],
    [`${labels.tax} (${formatRate(order.taxRateBps)})`, money(order.taxCents)],
    [labels.total, money(order.amountCents)],
    [labels.paid, money(order.amountCents)],
    [labels.due, money(0)],
  ];
  doc.fontSize(10);
  const valueWidth = Math.max(140, ...totals.map(([, value]) => Math.ceil(doc.widthOfString(value)) + 2));
  const labelRight = right - valueWidth - 5;
  for (const [label, value] of totals) {
    doc
      .fontSize(10)
      .fillColor('#374151')
      .text(label, left + 200, y, { width: labelRight - (left + 200), align: 'right' });
    doc
      .fillColor('#111827')
      .text(value, right - valueWidth, y, { width: valueWidth, align: 'right', lineBreak: false });
    y += 16;
  }
  y += 16;
  doc.fontSize(9).fillColor('#6b7280').text(labels.currency, left, y, { width });
  doc.text(labels.thanks, left, doc.y + 4, { width });
  doc.end();
  return finished;
}

/** The download name: invoice-<invoiceNo>.pdf. */
export function invoiceFileName(invoiceNo: string): string {
  return `invoice-${invoiceNo.replace(/[^A-Za-z0-9-]/g, '')}.pdf`;
}
