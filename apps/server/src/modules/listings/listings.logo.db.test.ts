import { LISTING_RULES } from '@namebourse/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enginesFor, type TestContext } from '../../../test/helpers.ts';
import { domains, listingLogos, listings } from '../../db/schema/index.ts';
import { deliverDomain } from '../domains/domains.service.ts';
import { multipartBody } from '../funds/payees.test-support.ts';
import { buildMoneyTestApp, type SignedIn, signIn } from '../orders/orders.test-support.ts';
import { LOGO_SVG_CSP } from './listings.logo.routes.ts';
import { GIF_1X1, makeJpeg, makePng } from './listings.logo.test-support.ts';

const EN = { 'accept-language': 'en-US' };
const DAY = 86_400_000;

describe.each(enginesFor('app'))('Listing logos (%s)', (engine) => {
  let t: TestContext;
  let support: SignedIn;
  beforeAll(async () => {
    t = await buildMoneyTestApp(engine);
    support = await signIn(t, 'support');
  });
  afterAll(async () => {
    await t?.close();
  });

  let seq = 0;
  /** A domain in the user's My domains (lock off), listed at a fixed price; `review` sends it to the queue. */
  async function listing(who: SignedIn, opts: { review?: boolean } = {}): Promise<{ id: string; domain: string }> {
    seq += 1;
    const domain = `logo${seq}-${engine}.com`;
    const now = t.clock.now();
    const row = await t.app.platform.db.transaction((tx) =>
      deliverDomain(tx, {
        userId: who.user.id,
        domain,
        registrar: 'NameBourse Registrar',
        registeredAt: new Date(now.getTime() - 400 * DAY),
        expiresAt: new Date(now.getTime() + 300 * DAY),
        orderId: `LOGO${seq}${engine}`,
        now,
      }),
    );
    await t.app.platform.db.update(domains).set({ lockStatus: 'open' }).where(eq(domains.id, row.id));
    const res = await post(who, '/api/listings', {
      domain,
      mode: 'fixed',
      priceCents: 5_000,
      // A link in the description keeps it from the automatic approval.
      descriptionEn: opts.review ? 'See https://example.org' : 'Short and memorable',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.status).toBe(opts.review ? 'pending_review' : 'on_sale');
    return { id: res.json().data.listingId, domain };
  }
  const post = (who: SignedIn, url: string, payload: unknown) =>
    t.app.inject({ method: 'POST', url, headers: { ...who.headers, ...EN }, payload: payload as object });
  const get = (who: SignedIn | null, url: string) =>
    t.app.inject({ method: 'GET', url, headers: { ...(who?.headers ?? {}), ...EN } });
  const logo = (who: SignedIn, id: string, body: Record<string, unknown>) =>
    post(who, `/api/listings/${id}/logo`, body);
  function upload(who: SignedIn, id: string, file: { fileName: string; contentType: string; data: Buffer }) {
    const body = multipartBody(file);
    return t.app.inject({
      method: 'POST',
      url: `/api/listings/${id}/logo`,
      headers: { ...who.headers, ...EN, 'content-type': body.contentType },
      payload: body.payload,
    });
  }
  async function storedLogos(listingId: string): Promise<number> {
    const rows = await t.app.platform.db
      .select({ id: listingLogos.id })
      .from(listingLogos)
      .where(eq(listingLogos.listingId, BigInt(listingId)));
    return rows.length;
  }

  it('previews without storing; stores on a listing in review at once', async () => {
    const seller = await signIn(t);
    const { id, domain } = await listing(seller, { review: true });

    const preview = await logo(seller, id, {
      style: 'icon_text',
      icon: 'rocket',
      foreground: '#112233',
      preview: true,
    });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().data).toMatchObject({ logo: null, aiTokensLeft: 1, status: 'pending_review' });
    expect(preview.json().data.svg).toContain(`<title id="`);
    expect(preview.json().data.svg).toContain(`>${domain}</title>`);
    expect(await storedLogos(id)).toBe(0);
    // Every 'AI' generation spends the token: there is no free preview of one.
    const aiPreview = await logo(seller, id, { style: 'ai', preview: true });
    expect(aiPreview.statusCode).toBe(400);
    expect(aiPreview.json()).toMatchObject({
      code: 'Request.Invalid',
      data: { fields: { preview: expect.any(String) } },
    });

    const stored = await logo(seller, id, { style: 'badge', font: 'serif' });
    expect(stored.statusCode, stored.body).toBe(200);
    const made = stored.json().data;
    expect(made).toMatchObject({ svg: null, status: 'pending_review', logo: { kind: 'generated', style: 'badge' } });
    expect(made.logo.url).toBe(`/api/listing-logos/${made.logo.logoId}`);
    // Not approved yet: the listing shows it at once (it is what will be reviewed).
    const shown = await get(seller, `/api/listings/${id}`);
    expect(shown.json().data.logo).toEqual(made.logo);
    expect(shown.json().data.status).toBe('pending_review');
  });

  it('on an approved listing the logo waits in review while the approved one stays; then anyone sees it', async () => {
    const seller = await signIn(t);
    const { id } = await listing(seller);
    const res = await logo(seller, id, { style: 'text', text: 'Hello </text><script>alert(1)</script>' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.status).toBe('modification_review');
    const made = res.json().data.logo;
    const shown = (await get(seller, `/api/listings/${id}`)).json().data;
    expect(shown).toMatchObject({ status: 'modification_review', logo: null, pendingChanges: { logo: made } });

    // Waiting in review: its seller and the reviewers may load it, nobody else.
    const mine = await get(seller, made.url);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(mine.headers['content-security-policy']).toBe(LOGO_SVG_CSP);
    expect(mine.headers['x-content-type-options']).toBe('nosniff');
    expect(mine.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect(mine.body).not.toContain('<script');
    expect(mine.body).toContain('&lt;script&gt;');
    expect((await get(support, made.url)).statusCode).toBe(200);
    const stranger = await get(await signIn(t), made.url);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toMatchObject({ code: 'File.NotFound' });
    expect((await get(null, made.url)).statusCode).toBe(404);

    const approved = await post(support, `/api/admin/listings/${id}/review`, { decision: 'approve' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await get(seller, `/api/listings/${id}`)).json().data).toMatchObject({ status: 'on_sale', logo: made });
    const open = await get(null, made.url);
    expect(open.statusCode).toBe(200);
    expect(open.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(open.body).toBe(mine.body);

    // Two more edits in review: the last one waits, the one it replaced is gone, the live one stays on sale.
    const next = (await logo(seller, id, { style: 'icon_text' })).json().data;
    const third = (await logo(seller, id, { style: 'badge' })).json().data;
    expect(third.status).toBe('modification_review');
    expect((await get(seller, `/api/listings/${id}`)).json().data).toMatchObject({
      logo: made,
      pendingChanges: { logo: third.logo },
    });
    expect((await get(seller, next.logo.url)).statusCode).toBe(404);
    expect((await get(null, made.url)).statusCode).toBe(200);
    expect((await get(null, third.logo.url)).statusCode).toBe(404);

    // Unknown ids are a 404 envelope too.
    const unknown = await get(null, '/api/listing-logos/999999999');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'File.NotFound', message: expect.any(String) });
  });

  it("spends the listing's one 'AI' token once; the next 'AI' generation is refused", async () => {
    const seller = await signIn(t);
    const { id } = await listing(seller, { review: true });
    const first = await logo(seller, id, { style: 'ai', seed: 7 });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({
      aiTokensLeft: LISTING_RULES.aiTokensPerListing - 1,
      logo: { style: 'ai' },
    });
    const svg = (await get(seller, first.json().data.logo.url)).body;
    expect(svg).toContain('<radialGradient');

    const second = await logo(seller, id, { style: 'ai', seed: 8 });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ code: 'Listing.AiTokenSpent' });
    expect(await storedLogos(id)).toBe(1);
    const shown = (await get(seller, `/api/listings/${id}`)).json().data;
    expect(shown).toMatchObject({ aiTokensLeft: 0, logo: first.json().data.logo });
    // The other styles stay free; the 'AI' logo is kept (it cost the token) though no longer shown.
    expect((await logo(seller, id, { style: 'text' })).statusCode).toBe(200);
    expect((await logo(seller, id, { style: 'badge' })).statusCode).toBe(200);
    expect(await storedLogos(id)).toBe(2);
    expect((await get(seller, first.json().data.logo.url)).statusCode).toBe(200);
  });

  it("another seller's listing is not found; a listing off the shelf, being sold or sold refuses", async () => {
    const seller = await signIn(t);
    const { id } = await listing(seller, { review: true });
    const other = await logo(await signIn(t), id, { style: 'text' });
    expect(other.statusCode).toBe(404);
    expect(other.json().code).toBe('Listing.NotFound');
    const otherUpload = await upload(await signIn(t), id, {
      fileName: 'a.png',
      contentType: 'image/png',
      data: makePng(4, 4),
    });
    expect(otherUpload.json().code).toBe('Listing.NotFound');

    const down = await post(seller, `/api/listings/${id}`, { action: 'take_down' });
    expect(down.json().data.status, down.body).toBe('off_shelf');
    const refused = await logo(seller, id, { style: 'ai' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('Listing.NotEditable');
    const sold = await listing(seller);
    await t.app.platform.db
      .update(listings)
      .set({ status: 'sold' })
      .where(eq(listings.id, BigInt(sold.id)));
    expect((await logo(seller, sold.id, { style: 'text' })).json().code).toBe('Listing.NotEditable');
    expect(
      (await upload(seller, sold.id, { fileName: 'a.png', contentType: 'image/png', data: makePng(4, 4) })).json().code,
    ).toBe('Listing.NotEditable');
    // Nothing was spent or stored.
    expect((await get(seller, `/api/listings/${id}`)).json().data.aiTokensLeft).toBe(1);
    expect(await storedLogos(id)).toBe(0);
  });

  it('uploads a PNG or JPEG decided by its bytes, within 2000 KB and 1000 px', async () => {
    const seller = await signIn(t);
    const { id } = await listing(seller, { review: true });
    const png = makePng(120, 60);
    const ok = await upload(seller, id, { fileName: 'logo.png', contentType: 'image/png', data: png });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({ logo: { kind: 'upload', style: null }, status: 'pending_review' });
    const served = await get(seller, ok.json().data.logo.url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(png)).toBe(true);

    // A JPEG named .gif and sent as image/gif is still a JPEG.
    const jpeg = await upload(seller, id, { fileName: 'logo.gif', contentType: 'image/gif', data: makeJpeg(64, 64) });
    expect(jpeg.statusCode, jpeg.body).toBe(200);
    expect((await get(seller, jpeg.json().data.logo.url)).headers['content-type']).toBe('image/jpeg');
    // The PNG no longer shows anywhere: it is gone (uploads do not pile up).
    expect(await storedLogos(id)).toBe(1);
    expect((await get(seller, ok.json().data.logo.url)).statusCode).toBe(404);

    const refusals: [string, { fileName: string; contentType: string; data: Buffer }, number, string][] = [
      [
        'a GIF renamed .png',
        { fileName: 'logo.png', contentType: 'image/png', data: GIF_1X1 },
        415,
        'Request.UnsupportedMediaType',
      ],
      [
        'a text file renamed .png',
        { fileName: 'logo.png', contentType: 'image/png', data: Buffer.from('not an image at all\n') },
        415,
        'Request.UnsupportedMediaType',
      ],
      [
        '1001 px wide',
        { fileName: 'wide.png', contentType: 'image/png', data: makePng(1001, 2) },
        422,
        'Listing.LogoInvalid',
      ],
      [
        'a truncated PNG',
        { fileName: 'cut.png', contentType: 'image/png', data: png.subarray(0, png.length - 20) },
        422,
        'Listing.LogoInvalid',
      ],
      [
        'more than 2000 KB',
        {
          fileName: 'big.png',
          contentType: 'image/png',
          data: Buffer.concat([makePng(1, 1), Buffer.alloc(LISTING_RULES.logoMaxBytes)]),
        },
        413,
        'Request.PayloadTooLarge',
      ],
    ];
    for (const [what, file, status, code] of refusals) {
      const res = await upload(seller, id, file);
      expect(res.statusCode, `${what}: ${res.body}`).toBe(status);
      expect(res.json().code, what).toBe(code);
    }
    expect(await storedLogos(id)).toBe(1);
    // Exactly the limits are fine.
    const limit = makePng(LISTING_RULES.logoMaxPixels, LISTING_RULES.logoMaxPixels);
    expect(limit.length).toBeLessThanOrEqual(LISTING_RULES.logoMaxBytes);
    expect((await upload(seller, id, { fileName: 'l.png', contentType: 'image/png', data: limit })).statusCode).toBe(
      200,
    );
  });

  it('refuses a body that is neither a logo request nor an upload', async () => {
    const seller = await signIn(t);
    const { id } = await listing(seller, { review: true });
    const res = await logo(seller, id, { style: 'neon', foreground: 'red' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'Request.Invalid',
      data: { fields: { style: expect.any(String), foreground: expect.any(String) } },
    });
    const wrongField = multipartBody({
      field: 'image',
      fileName: 'a.png',
      contentType: 'image/png',
      data: makePng(2, 2),
    });
    const noFile = await t.app.inject({
      method: 'POST',
      url: `/api/listings/${id}/logo`,
      headers: { ...seller.headers, ...EN, 'content-type': wrongField.contentType },
      payload: wrongField.payload,
    });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json()).toMatchObject({ code: 'Request.Invalid', data: { fields: { file: expect.any(String) } } });
  });
});

describe.runIf(enginesFor('app').includes('postgres'))('Listing logos: concurrent AI generations (postgres)', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await buildMoneyTestApp('postgres');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('eight AI generations at once spend the one token once', async () => {
    const seller = await signIn(t);
    const domain = 'race-logo.com';
    const now = t.clock.now();
    const row = await t.app.platform.db.transaction((tx) =>
      deliverDomain(tx, {
        userId: seller.user.id,
        domain,
        registrar: 'NameBourse Registrar',
        registeredAt: new Date(now.getTime() - 400 * DAY),
        expiresAt: new Date(now.getTime() + 300 * DAY),
        orderId: 'LOGO-RACE',
        now,
      }),
    );
    await t.app.platform.db.update(domains).set({ lockStatus: 'open' }).where(eq(domains.id, row.id));
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/listings',
      headers: { ...seller.headers, ...EN },
      payload: { domain, mode: 'fixed', priceCents: 5_000 },
    });
    const id = created.json().data.listingId as string;
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: `/api/listings/${id}/logo`,
          headers: { ...seller.headers, ...EN },
          payload: { style: 'ai', seed: i },
        }),
      ),
    );
    const codes = answers.map((a) => a.json().code).sort();
    expect(codes).toEqual(['200', ...new Array(7).fill('Listing.AiTokenSpent')]);
    const [listing] = await t.app.platform.db
      .select()
      .from(listings)
      .where(eq(listings.id, BigInt(id)));
    expect(listing?.aiTokensUsed).toBe(1);
    const logos = await t.app.platform.db
      .select()
      .from(listingLogos)
      .where(eq(listingLogos.listingId, BigInt(id)));
    expect(logos).toHaveLength(1);
  });
});
