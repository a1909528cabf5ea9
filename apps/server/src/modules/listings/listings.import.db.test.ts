import { randomBytes } from 'node:crypto';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { csrfHeaders, enginesFor, suiteContext } from '../../../test/helpers.ts';
import { buildMoneyTestApp, signIn } from '../orders/orders.test-support.ts';
import {
  EN_HEADERS,
  holdDomains,
  insertListing,
  multipart,
  PNG_BYTES,
  priceOf,
  workbook,
  zipOf,
} from './fixtures/import.test-support.ts';
import { TEMPLATE_EXAMPLE_DOMAINS } from './listings.excel.ts';

const EN = { 'accept-language': 'en-US' };
const ZH = { 'accept-language': 'zh-CN' };

describe.each(enginesFor('app'))('Batch and Excel listing, batch pricing (%s)', (engine) => {
  const t = suiteContext(() => buildMoneyTestApp(engine));
  let seq = 0;
  const name = (label: string) => `${label}-${engine}-${++seq}.com`;

  const postLines = (headers: Record<string, string>, lines: string, extra: Record<string, unknown> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/listings/import', headers, payload: { lines, ...extra } });
  const postFile = (headers: Record<string, string>, body: { payload: Buffer; contentType: string }) =>
    t.app.inject({
      method: 'POST',
      url: '/api/listings/import',
      headers: { ...headers, 'content-type': body.contentType },
      payload: body.payload,
    });

  describe('lines', () => {
    it('lists the good lines and refuses the others, one report sorted by line, in the caller’s language', async () => {
      const seller = await signIn(t);
      const other = await signIn(t);
      const [a, b, c, d] = [name('alpha'), name('beta'), name('gamma'), name('delta')];
      const theirs = name('theirs');
      await holdDomains(t, seller.user.id, [a, b, c, d]);
      await holdDomains(t, other.user.id, [theirs]);
      const lines = [
        `${a} 12`, // 1: listed
        `${b}\t$1,200.50`, // 2: listed
        '', // 3: blank
        `${c} 2.99`, // 4: below $3.00
        `www.${d} 10`, // 5: the spec's domain message
        `${a.toUpperCase()}, 15`, // 6: the same domain again
        `${theirs} 10`, // 7: another user's domain
        `${name('nowhere')} 10`, // 8: not held, no ownership proof
        `${d} ten`, // 9: unreadable price
      ].join('\n');
      const res = await postLines({ ...seller.headers, ...EN }, lines, { endOption: '6m' });
      expect(res.statusCode, res.body).toBe(200);
      const { accepted, refused } = res.json().data;
      expect(accepted.map((r: { row: number; domain: string }) => [r.row, r.domain])).toEqual([
        [1, a],
        [2, b],
      ]);
      expect(accepted[0].listingId).toMatch(/^\d+$/);
      expect(refused.map((r: { row: number; code: string }) => [r.row, r.code])).toEqual([
        [4, 'Request.Invalid'],
        [5, 'Commodity.DomainInvalid'],
        [6, 'Request.Invalid'],
        [7, 'Listing.DomainNotHeld'],
        [8, 'Listing.DomainNotHeld'],
        [9, 'Request.Invalid'],
      ]);
      expect(refused[0].message).toBe('The minimum listing price is $3.00');
      expect(refused[1]).toMatchObject({
        domain: `www.${d}`,
        message: 'Invalid domain format. Use dots (.) between parts. Exclude www.',
      });
      expect(refused[2].message).toBe('This domain appears more than once in the batch');
      expect(refused[5].message).toMatch(/^Price \(USD\): /);

      // The listed ones are the seller's, at the price of their line, with the end option asked for.
      const mine = await t.app.inject({ method: 'GET', url: '/api/listings?pageSize=50', headers: seller.headers });
      const items = mine.json().data.items as { domain: string; priceCents: number; endOption: string }[];
      expect(items.map((i) => [i.domain, i.priceCents, i.endOption]).sort()).toEqual([
        [a, 1200, '6m'],
        [b, 120050, '6m'],
      ]);

      // Again: already listed now, refused as a whole; messages in Chinese when asked.
      const again = await postLines({ ...seller.headers, ...ZH }, `${a} 12\n${c} 1`);
      expect(again.json().data).toEqual({
        accepted: [],
        refused: [
          { row: 1, domain: a, code: 'Listing.AlreadyListed', message: '上架失败：该域名已在出售中' },
          { row: 2, domain: c, code: 'Request.Invalid', message: '最低上架价格为 $3.00' },
        ],
      });
    });

    it('refuses more than 500 lines, an empty text and a signed-out caller as a whole', async () => {
      const seller = await signIn(t);
      const many = Array.from({ length: 501 }, (_, i) => `d${i}-${engine}.com 5`).join('\n');
      const tooMany = await postLines({ ...seller.headers, ...EN }, many);
      expect(tooMany.statusCode).toBe(422);
      expect(tooMany.json().code).toBe('Listing.TooManyRows');
      // 500 lines with blank lines between them are within the limit (all refused: not held).
      const fine = Array.from({ length: 500 }, (_, i) => `d${i}-${engine}.com 5`).join('\n\n');
      const ok = await postLines({ ...seller.headers, ...EN }, fine);
      expect(ok.statusCode).toBe(200);
      expect(ok.json().data.refused).toHaveLength(500);

      const empty = await postLines({ ...seller.headers, ...EN }, ' \n \n');
      expect(empty.statusCode).toBe(400);
      expect(empty.json()).toMatchObject({ code: 'Request.Invalid', data: { fields: { lines: expect.any(String) } } });
      const noBody = await t.app.inject({ method: 'POST', url: '/api/listings/import', headers: seller.headers });
      expect(noBody.json().code).toBe('Request.Invalid');

      // Signed out (with a valid CSRF pair, so that sign-in is what is missing).
      const anonymous = await t.app.inject({
        method: 'POST',
        url: '/api/listings/import',
        headers: { ...(await csrfHeaders(t.app)), ...EN },
        payload: { lines: 'a.com 5' },
      });
      expect([anonymous.statusCode, anonymous.json().code]).toEqual([401, 'Account.Unauthorized']);
    });
  });

  describe('Excel', () => {
    it('lists good rows and reports bad ones by sheet row; offers, industries, keywords and descriptions kept', async () => {
      const seller = await signIn(t);
      const [a, b, c] = [name('xa'), name('xb'), name('xc')];
      await holdDomains(t, seller.user.id, [a, b, c]);
      const data = await workbook([
        [a, 25, 'fixed', null, 'Technology, 金融', 'fast, cloud', '快速云', 'Fast cloud'],
        [null, null, null, null, null, null, null, null], // row 3: empty, skipped
        [b, '$3,000', 'offer', 500, 'ai', null, null, 'An AI name'],
        [`www.${c}`, 10],
        [c, 2],
        [c, 10, 'auction'],
        [c, 10, null, null, 'cooking'],
      ]);
      const res = await postFile({ ...seller.headers, ...EN }, multipart({ data }, { endOption: '1y' }));
      expect(res.statusCode, res.body).toBe(200);
      const { accepted, refused } = res.json().data;
      expect(accepted.map((r: { row: number }) => r.row)).toEqual([2, 4]);
      expect(refused.map((r: { row: number; code: string; message: string }) => [r.row, r.code, r.message])).toEqual([
        [5, 'Commodity.DomainInvalid', 'Invalid domain format. Use dots (.) between parts. Exclude www.'],
        [6, 'Request.Invalid', 'The minimum listing price is $3.00'],
        [7, 'Request.Invalid', 'Mode: Please choose one of the options'],
        [8, 'Request.Invalid', 'Industries: Please choose one of the options'],
      ]);
      const listing = await t.app.inject({
        method: 'GET',
        url: `/api/listings/${accepted[1].listingId}`,
        headers: seller.headers,
      });
      expect(listing.json().data).toMatchObject({
        domain: b,
        mode: 'offer',
        priceCents: 300000,
        floorCents: 50000,
        industries: ['ai'],
        descriptionEn: 'An AI name',
        endOption: '1y',
      });
      const first = await t.app.inject({
        method: 'GET',
        url: `/api/listings/${accepted[0].listingId}`,
        headers: seller.headers,
      });
      expect(first.json().data).toMatchObject({ industries: ['technology', 'finance'], keywords: ['fast', 'cloud'] });
    });

    it('refuses the file as a whole: too many rows, wrong headers, not an xlsx, corrupt, too big, cut off', async () => {
      const seller = await signIn(t);
      const h = { ...seller.headers, ...EN };
      const rows = Array.from({ length: 1001 }, (_, i) => [`r${i}-${engine}.com`, 5]);
      const tooMany = await postFile(h, multipart({ data: await workbook(rows) }));
      expect([tooMany.statusCode, tooMany.json().code]).toEqual([422, 'Listing.TooManyRows']);

      const wrong = await postFile(h, multipart({ data: await workbook([['a.com', 5]], ['Name', 'Cost']) }));
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({
        code: 'Request.Invalid',
        data: { fields: { file: 'Missing required columns: Domain, Price (USD)' } },
      });

      for (const data of [PNG_BYTES, randomBytes(4096), zipOf({ 'word/document.xml': '<w/>' })]) {
        const res = await postFile(h, multipart({ data, fileName: 'listings.xlsx' }));
        expect([res.statusCode, res.json().code, res.json().message]).toEqual([
          415,
          'Request.UnsupportedMediaType',
          'Unsupported file format',
        ]);
      }

      const broken = zipOf({ '[Content_Types].xml': '<', 'xl/workbook.xml': '<' });
      const parse = await postFile(h, multipart({ data: broken }));
      expect([parse.statusCode, parse.json().code, parse.json().message]).toEqual([
        422,
        'Listing.FileParseError',
        'File parsing error',
      ]);

      const big = Buffer.concat([await workbook([['a.com', 5]]), randomBytes(2 * 1024 * 1024)]);
      const tooBig = await postFile(h, multipart({ data: big }));
      expect([tooBig.statusCode, tooBig.json().code, tooBig.json().message]).toEqual([
        413,
        'Request.PayloadTooLarge',
        'File Size Exceeds Limit',
      ]);

      // The body stops in the middle of the file: no closing boundary.
      const whole = multipart({ data: await workbook([['a.com', 5]]) });
      const cut = await postFile(h, { ...whole, payload: whole.payload.subarray(0, 400) });
      expect([cut.statusCode, cut.json().code, cut.json().message]).toEqual([
        400,
        'Listing.UploadFailed',
        'Upload failed, please try again',
      ]);

      const noFile = await postFile(h, multipart(null, { endOption: '3m' }));
      expect(noFile.json()).toMatchObject({ code: 'Request.Invalid', data: { fields: { file: expect.any(String) } } });
      const badOption = await postFile(h, multipart({ data: await workbook([['a.com', 5]]) }, { endOption: '9y' }));
      expect(badOption.json()).toMatchObject({
        code: 'Request.Invalid',
        data: { fields: { endOption: expect.any(String) } },
      });
    });

    it('serves the template in the caller’s language; filled in, it imports cleanly', async () => {
      const seller = await signIn(t);
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/listings/import/template',
        headers: { ...seller.headers, ...ZH },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="listing-template\.xlsx"/);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const sheet = wb.worksheets[0] as ExcelJS.Worksheet;
      expect((sheet.getRow(1).values as unknown[]).slice(1, 3)).toEqual(['域名', '价格 (USD)']);
      expect(wb.worksheets[1]?.getCell('B2').value).toBe('科技');

      // The example rows, for domains the seller holds: both listed as they are.
      const domains = TEMPLATE_EXAMPLE_DOMAINS.map((d) => d.replace('.', `-${engine}.`));
      domains.forEach((d, i) => {
        sheet.getCell(i + 2, 1).value = d;
      });
      await holdDomains(t, seller.user.id, domains);
      const filled = Buffer.from(await wb.xlsx.writeBuffer());
      const imported = await postFile({ ...seller.headers, ...ZH }, multipart({ data: filled }));
      expect(imported.statusCode, imported.body).toBe(200);
      expect(imported.json().data.refused).toEqual([]);
      expect(imported.json().data.accepted.map((r: { domain: string }) => r.domain)).toEqual(domains);

      const anonymous = await t.app.inject({ method: 'GET', url: '/api/listings/import/template' });
      expect(anonymous.statusCode).toBe(401);
    });

    it('with an Idempotency-Key, a repeated upload replays the first answer', async () => {
      const seller = await signIn(t);
      const d = name('keyed');
      await holdDomains(t, seller.user.id, [d]);
      const body = multipart({ data: await workbook([[d, 5]]) });
      const h = { ...seller.headers, ...EN, 'idempotency-key': `import-${engine}-${seq}` };
      const first = await postFile(h, body);
      expect(first.json().data.accepted).toHaveLength(1);
      const again = await postFile(h, body);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.json().data).toEqual(first.json().data);
    });

    it('reads an English template too (headers matched in either language)', async () => {
      const seller = await signIn(t);
      const d = name('english');
      await holdDomains(t, seller.user.id, [d]);
      const data = await workbook(
        [[d, 9.99, 'Fixed']],
        EN_HEADERS.map((x) => x.toUpperCase()),
      );
      const res = await postFile({ ...seller.headers, ...EN }, multipart({ data }));
      expect(res.json().data.accepted).toHaveLength(1);
      // In Chinese, the column is named in Chinese.
      const zh = await postFile(
        { ...seller.headers, ...ZH },
        multipart({ data: await workbook([[name('zh'), 5, '出租']]) }),
      );
      expect(zh.json().data.refused[0].message).toBe('出售方式：请选择有效的选项');
    });
  });

  describe('batch pricing', () => {
    const batch = (headers: Record<string, string>, body: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: '/api/listings/batch-price', headers: { ...headers, ...EN }, payload: body });

    it('previews without changing, then applies; each listing succeeds or fails on its own', async () => {
      const seller = await signIn(t);
      const other = await signIn(t);
      const fixed = await insertListing(t, seller.user.id, name('p-fixed'), { priceCents: 995 });
      const offer = await insertListing(t, seller.user.id, name('p-offer'), {
        mode: 'offer',
        priceCents: 2000,
        floorCents: 1000,
      });
      const review = await insertListing(t, seller.user.id, name('p-review'), {
        status: 'pending_review',
        priceCents: 1000,
      });
      const cheap = await insertListing(t, seller.user.id, name('p-cheap'), { priceCents: 320 });
      const offerNoBuyNow = await insertListing(t, seller.user.id, name('p-nobuy'), {
        mode: 'offer',
        priceCents: null,
      });
      const auction = await insertListing(t, seller.user.id, name('p-auction'), { mode: 'auction', priceCents: null });
      const selling = await insertListing(t, seller.user.id, name('p-selling'), { status: 'selling' });
      const offShelf = await insertListing(t, seller.user.id, name('p-off'), { status: 'off_shelf' });
      const theirs = await insertListing(t, other.user.id, name('p-theirs'), { priceCents: 5000 });
      const ids = [fixed, offer, review, cheap, offerNoBuyNow, auction, selling, offShelf, theirs];

      const preview = await batch(seller.headers, { listingIds: ids, percent: -10, preview: true });
      expect(preview.statusCode, preview.body).toBe(200);
      const report = preview.json().data;
      expect(report.preview).toBe(true);
      expect(
        report.succeeded.map((s: Record<string, unknown>) => [s.listingId, s.oldPriceCents, s.newPriceCents]),
      ).toEqual([
        [fixed, 995, 896],
        [offer, 2000, 1800],
        [review, 1000, 900],
      ]);
      const failed = Object.fromEntries(
        report.failed.map((f: { listingId: string; code: string; message: string; domain: string }) => [
          f.listingId,
          f,
        ]),
      );
      expect(failed[cheap]).toMatchObject({ code: 'Request.Invalid', message: 'The minimum listing price is $3.00' });
      for (const id of [offerNoBuyNow, auction, selling, offShelf]) expect(failed[id].code).toBe('Listing.NotEditable');
      // Another user's listing is not found, and nothing of it is shown.
      expect(failed[theirs]).toEqual({
        listingId: theirs,
        domain: '',
        code: 'Listing.NotFound',
        message: 'This listing does not exist',
      });
      expect(await priceOf(t, fixed)).toBe(995);

      const applied = await batch(seller.headers, { listingIds: ids, percent: -10 });
      expect(applied.json().data).toEqual({ ...report, preview: false });
      expect([
        await priceOf(t, fixed),
        await priceOf(t, offer),
        await priceOf(t, review),
        await priceOf(t, cheap),
      ]).toEqual([896, 1800, 900, 320]);
      expect(await priceOf(t, theirs)).toBe(5000);

      // Set and add: the market sees the new price at once (no review).
      const set = await batch(seller.headers, { listingIds: [fixed, offer], priceCents: 1500 });
      expect(set.json().data.succeeded).toHaveLength(2);
      const delta = await batch(seller.headers, { listingIds: [fixed], deltaCents: -1300 });
      expect(delta.json().data.failed[0]).toMatchObject({ code: 'Request.Invalid' });
      const down = await batch(seller.headers, { listingIds: [offer], deltaCents: -600 });
      expect(down.json().data.failed[0]).toMatchObject({
        code: 'Request.Invalid',
        message: expect.stringMatching(/range/i),
      });
      expect(await priceOf(t, offer)).toBe(1500);
    });

    it('refuses a body without exactly one change, and a signed-out caller', async () => {
      const seller = await signIn(t);
      const none = await batch(seller.headers, { listingIds: ['1'] });
      expect(none.statusCode).toBe(400);
      const two = await batch(seller.headers, { listingIds: ['1'], percent: 5, deltaCents: 100 });
      expect(two.json().code).toBe('Request.Invalid');
      const low = await batch(seller.headers, { listingIds: ['1'], percent: -95 });
      expect(low.json().code).toBe('Request.Invalid');
      // An id beyond bigint is refused as a malformed one is (it used to be reported as not found).
      for (const id of ['x', '9223372036854775808', '9999999999999999999']) {
        const bad = await batch(seller.headers, { listingIds: ['1', id], percent: 5 });
        expect([bad.statusCode, bad.json().code], bad.body).toEqual([400, 'Request.Invalid']);
      }
      const anonymous = await t.app.inject({
        method: 'POST',
        url: '/api/listings/batch-price',
        headers: await csrfHeaders(t.app),
        payload: { listingIds: ['1'], percent: 5 },
      });
      expect(anonymous.statusCode).toBe(401);
    });
  });
});
