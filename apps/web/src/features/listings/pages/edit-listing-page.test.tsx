import {
  type Calendar,
  type CalendarEntry,
  calendarDateOf,
  type Listing,
  type LogoBody,
  type LogoResult,
} from '@namebourse/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { resetServerClock } from '../../../components/auction/server-clock.ts';
import i18n from '../../../lib/i18n.ts';
import { fail, http, ok, renderWithProviders, requestsTo, server } from '../../../lib/testing/index.ts';
import { EditListingPage } from './edit-listing-page.tsx';

const ID = '42';
const PATH = `/api/listings/${ID}`;
const DAY = 86_400_000;

function listing(patch: Partial<Listing> = {}): Listing {
  return {
    listingId: ID,
    domain: 'brand.com',
    tld: 'com',
    source: 'held',
    mode: 'fixed',
    status: 'on_sale',
    quickStatus: 'listed',
    pausedReason: null,
    priceCents: 12_000,
    floorCents: null,
    startPriceCents: null,
    reservePriceCents: null,
    durationDays: null,
    auctionId: null,
    industries: ['technology'],
    keywords: ['brand'],
    descriptionZh: '好域名',
    descriptionEn: 'A good name',
    logo: { logoId: 'L1', kind: 'generated', style: 'text', url: '/api/listings/42/logo/L1.svg' },
    aiTokensLeft: 1,
    endOption: '3m',
    expiresAt: new Date(Date.now() + 80 * DAY).toISOString(),
    reviewReason: null,
    pendingChanges: null,
    nextPrice: null,
    commissionBps: 500,
    feeLockedUntil: '2027-11-01T00:00:00.000Z',
    views: 0,
    openOffers: 0,
    createdAt: new Date(Date.now() - 10 * DAY).toISOString(),
    updatedAt: new Date(Date.now() - DAY).toISOString(),
    ...patch,
  };
}

const today = () => calendarDateOf(new Date());
const inDays = (days: number) => calendarDateOf(new Date(Date.now() + days * DAY));

function entry(patch: Partial<CalendarEntry>): CalendarEntry {
  return {
    entryId: 'E1',
    date: today(),
    effectiveAt: new Date().toISOString(),
    priceCents: 12_000,
    active: false,
    applied: false,
    ...patch,
  };
}

function calendar(items: CalendarEntry[] = []): Calendar {
  return { items, serverTime: new Date().toISOString() };
}

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>';

async function renderPage({
  detail = () => listing(),
  entries = [] as CalendarEntry[],
  locale = 'en-US' as 'en-US' | 'zh-CN',
} = {}) {
  server.use(
    http.get(PATH, () => ok(detail())),
    http.get(`${PATH}/calendar`, () => ok(calendar(entries))),
    http.post(`${PATH}/logo`, async ({ request }) => {
      const body = (await request.json()) as LogoBody;
      const result: LogoResult = { logo: null, svg: SVG, aiTokensLeft: 1, status: 'on_sale' };
      return body.preview ? ok(result) : fail('Request.Invalid');
    }),
  );
  const view = renderWithProviders(<EditListingPage />, {
    path: `/console/seller/${ID}`,
    route: '/console/seller/:listingId',
    locale,
  });
  await screen.findByRole('heading', { level: 1, name: 'brand.com' });
  return view;
}

const section = (name: string) => screen.getByRole('region', { name });

afterEach(() => resetServerClock());

describe('<EditListingPage>', { timeout: 30_000 }, () => {
  it('shows a listing: status, mode, source, price, calendar, presentation and logo', async () => {
    await renderPage({
      entries: [
        entry({ entryId: 'E0', date: inDays(-5), priceCents: 15_000, applied: true }),
        entry({ entryId: 'E1', date: inDays(-1), priceCents: 12_000, active: true, applied: true }),
        entry({ entryId: 'E2', date: inDays(7), priceCents: 9_900 }),
      ],
    });
    expect(screen.getByTestId('edit-status').textContent).toBe('On sale');
    expect(screen.getByTestId('edit-source').textContent).toBe('Held here');
    // The browser loads namespaces on demand: the page asks for the shared labels it reads (tests bundle them all).
    expect(i18n.reportNamespaces?.getUsedNamespaces()).toEqual(expect.arrayContaining(['listing-edit', 'listings']));
    expect(screen.getByRole('link', { name: /View on market/ }).getAttribute('href')).toBe('/market/brand.com');
    expect(screen.getByRole('switch', { name: /Quick listing/ })).toHaveProperty('checked', true);

    const sale = section('Sale settings');
    expect(within(sale).getByTestId('edit-mode').textContent).toBe('Fixed price');
    expect(sale.textContent).toContain('The mode cannot be changed after the listing was created.');
    expect(within(sale).getByRole('textbox', { name: 'Price' })).toHaveProperty('value', '120');

    const cal = section('Price calendar');
    await within(cal).findAllByTestId('calendar-entry');
    expect(within(cal).getByTestId('calendar-current').textContent).toBe('$120.00');
    expect(
      within(cal)
        .getAllByTestId('calendar-entry')
        .map((row) => row.textContent),
    ).toEqual([
      expect.stringMatching(/\$150\.00Applied$/),
      expect.stringMatching(/\$120\.00Active$/),
      expect.stringMatching(/\$99\.00Upcoming$/),
    ]);
    expect(cal.textContent).toContain('00:00 (UTC+8)');

    const presentation = section('Presentation');
    expect(within(presentation).getByRole('button', { name: 'Technology' }).getAttribute('aria-pressed')).toBe('true');
    expect(within(presentation).getByRole('textbox', { name: 'Description in English' })).toHaveProperty(
      'value',
      'A good name',
    );
    expect(within(presentation).getByTestId('description-zh-counter').textContent).toBe('3/2000');

    const logo = section('Logo');
    expect(within(logo).getByRole('img', { name: 'Current logo of brand.com' }).getAttribute('src')).toBe(
      '/api/listings/42/logo/L1.svg',
    );
  });

  it('speaks Chinese, with industry names in Chinese', async () => {
    await renderPage({ locale: 'zh-CN', detail: () => listing({ status: 'review_failed', reviewReason: '描述不实' }) });
    expect(screen.getByTestId('edit-status').textContent).toBe('审核失败');
    expect(screen.getByTestId('edit-reason').textContent).toContain('描述不实');
    expect(screen.getByRole('region', { name: '出售设置' })).toBeDefined();
    expect(screen.getByRole('region', { name: '价格日历' })).toBeDefined();
    expect(within(section('展示信息')).getByRole('button', { name: '科技' })).toBeDefined();
    expect(screen.getByTestId('edit-mode').textContent).toBe('一口价');
  });

  it('shows a friendly not-found state for an unknown listing', async () => {
    server.use(http.get(PATH, () => fail('Listing.NotFound')));
    renderWithProviders(<EditListingPage />, { path: `/console/seller/${ID}`, route: '/console/seller/:listingId' });
    expect(await screen.findByRole('heading', { level: 1, name: 'We could not find this listing' })).toBeDefined();
    expect(screen.getByRole('link', { name: 'Back to the seller centre' }).getAttribute('href')).toBe(
      '/console/seller',
    );
  });

  it('saves a price in exact cents; refuses one under $3.00 with the server’s message', async () => {
    server.use(
      http.post(PATH, async ({ request }) => {
        const body = (await request.json()) as { priceCents: number };
        return ok(listing({ priceCents: body.priceCents }));
      }),
    );
    const { user } = await renderPage();
    const sale = section('Sale settings');
    const price = within(sale).getByRole('textbox', { name: 'Price' });

    await user.clear(price);
    await user.type(price, '2.99');
    await user.click(within(sale).getByRole('button', { name: 'Save settings' }));
    expect(await within(sale).findByText('The minimum listing price is $3.00')).toBeDefined();
    expect(requestsTo('POST', PATH)).toHaveLength(0);

    await user.clear(price);
    await user.type(price, '1,234.56');
    await user.click(within(sale).getByRole('button', { name: 'Save settings' }));
    expect((await within(sale).findByTestId('sale-saved')).textContent).toBe(
      'Saved. The new settings take effect at once.',
    );
    expect(await requestsTo('POST', PATH)[0]?.json()).toEqual({ endOption: '3m', priceCents: 123_456 });
  });

  it('puts the server’s field message under the field', async () => {
    server.use(http.post(PATH, () => fail('Request.Invalid', { data: { fields: { priceCents: 'Too high for us' } } })));
    const { user } = await renderPage();
    const sale = section('Sale settings');
    await user.click(within(sale).getByRole('button', { name: 'Save settings' }));
    expect(await within(sale).findByText('Too high for us')).toBeDefined();
  });

  it('presentation change on an approved listing: sent to review, the banner shows pending next to approved', async () => {
    let current = listing();
    server.use(
      http.post(PATH, async ({ request }) => {
        const body = (await request.json()) as Partial<Listing>;
        current = listing({
          status: 'modification_review',
          pendingChanges: {
            industries: body.industries,
            keywords: body.keywords,
            descriptionZh: body.descriptionZh,
            descriptionEn: body.descriptionEn,
          },
        });
        return ok(current);
      }),
    );
    const { user } = await renderPage({ detail: () => current });
    const presentation = section('Presentation');
    expect(presentation.textContent).toContain('your changes go to review while the approved version stays on sale');
    await user.click(within(presentation).getByRole('button', { name: 'Finance' }));
    const keywords = within(presentation).getByRole('textbox', { name: 'Keywords' });
    await user.type(keywords, 'money{Enter}');
    const en = within(presentation).getByRole('textbox', { name: 'Description in English' });
    await user.clear(en);
    await user.type(en, 'Short and sharp');
    await user.click(within(presentation).getByRole('button', { name: 'Save presentation' }));

    expect((await within(presentation).findByTestId('presentation-saved')).textContent).toContain('Sent for review');
    expect(await requestsTo('POST', PATH)[0]?.json()).toEqual({
      industries: ['technology', 'finance'],
      keywords: ['brand', 'money'],
      descriptionZh: '好域名',
      descriptionEn: 'Short and sharp',
    });
    const banner = await screen.findByTestId('edit-pending');
    expect(banner.textContent).toContain('Your changes are awaiting review; buyers see the approved version');
    expect(within(banner).getByTestId('pending-industries').textContent).toMatch(/Technology.*Technology, Finance/);
    expect(within(banner).getByTestId('pending-descriptionEn').textContent).toMatch(/A good name.*Short and sharp/);
    expect(screen.getByTestId('edit-status').textContent).toBe('Modification awaiting review');
  });

  it('calendar: adds a future entry, removes an upcoming one and saves the upcoming list', async () => {
    server.use(
      http.post(`${PATH}/calendar`, async ({ request }) => {
        const body = (await request.json()) as { entries: { date: string; priceCents: number }[] };
        return ok(calendar(body.entries.map((e, i) => entry({ entryId: `N${i}`, ...e }))));
      }),
    );
    const { user } = await renderPage({
      entries: [
        entry({ entryId: 'E1', date: inDays(-1), active: true, applied: true }),
        entry({ entryId: 'E2', date: inDays(5), priceCents: 10_000 }),
        entry({ entryId: 'E3', date: inDays(9), priceCents: 9_000 }),
      ],
    });
    const cal = section('Price calendar');
    await within(cal).findAllByTestId('calendar-entry');
    const date = within(cal).getByLabelText('Date');
    const price = within(cal).getByRole('textbox', { name: 'New price' });

    // Today's 00:00 (UTC+8) has passed: only future dates.
    fireEvent.change(date, { target: { value: today() } });
    await user.type(price, '80');
    await user.click(within(cal).getByRole('button', { name: 'Add entry' }));
    expect(within(cal).getByText('Choose a future date (from tomorrow, UTC+8)')).toBeDefined();

    fireEvent.change(date, { target: { value: inDays(20) } });
    await user.click(within(cal).getByRole('button', { name: 'Add entry' }));
    const removeButtons = within(cal).getAllByRole('button', { name: /^Remove the entry of/ });
    expect(removeButtons).toHaveLength(3);
    await user.click(removeButtons[0] as HTMLElement);
    await user.click(within(cal).getByRole('button', { name: 'Save calendar' }));

    expect(await within(cal).findByText('Price calendar saved.')).toBeDefined();
    expect(await requestsTo('POST', `${PATH}/calendar`)[0]?.json()).toEqual({
      entries: [
        { date: inDays(9), priceCents: 9_000 },
        { date: inDays(20), priceCents: 8_000 },
      ],
    });
  });

  it('logo: a live preview of the chosen style, then "Use this logo" stores it (to review on an approved listing)', async () => {
    const bodies: LogoBody[] = [];
    const { user } = await renderPage();
    server.use(
      http.post(`${PATH}/logo`, async ({ request }) => {
        const body = (await request.json()) as LogoBody;
        bodies.push(body);
        const logo = {
          logoId: 'L2',
          kind: 'generated' as const,
          style: body.style,
          url: '/api/listings/42/logo/L2.svg',
        };
        return ok<LogoResult>({
          logo: body.preview ? null : logo,
          svg: body.preview ? SVG : null,
          aiTokensLeft: 1,
          status: body.preview ? 'on_sale' : 'modification_review',
        });
      }),
    );
    const logo = section('Logo');
    await user.click(within(logo).getByRole('button', { name: 'Icon and text' }));
    await user.click(within(logo).getByRole('button', { name: 'Rocket' }));
    await waitFor(() => expect(bodies.at(-1)).toMatchObject({ style: 'icon_text', icon: 'rocket', preview: true }));
    await within(logo).findByRole('img', { name: 'Preview of the logo of brand.com' });
    expect(bodies.every((body) => body.preview)).toBe(true);

    await user.click(within(logo).getByRole('button', { name: 'Use this logo' }));
    expect((await within(logo).findByTestId('logo-used')).textContent).toContain('Logo sent for review');
    expect(bodies.at(-1)).toMatchObject({ style: 'icon_text', icon: 'rocket', preview: false });
  });

  it('AI: asks before spending the token; a token already spent is said in place', async () => {
    const bodies: LogoBody[] = [];
    const { user } = await renderPage();
    server.use(
      http.post(`${PATH}/logo`, async ({ request }) => {
        bodies.push((await request.json()) as LogoBody);
        return fail('Listing.AiTokenSpent');
      }),
    );
    const logo = section('Logo');
    await user.click(within(logo).getByRole('button', { name: 'AI' }));
    expect(within(logo).getByTestId('ai-tokens').textContent).toBe('1 AI generation left');
    await user.click(within(logo).getByRole('button', { name: 'Generate with AI' }));
    const dialog = await screen.findByRole('dialog', { name: 'Spend the AI generation token?' });
    expect(bodies.filter((body) => body.style === 'ai')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Spend and generate' }));
    expect((await within(dialog).findByTestId('error-view-message')).textContent).toBe(
      'The AI generation token of this listing is already spent',
    );
    expect(bodies.filter((body) => body.style === 'ai')).toEqual([
      expect.objectContaining({ style: 'ai', preview: false }),
    ]);
  });

  it('upload: a file over 2000 KB or not JPG/PNG is refused before sending, with the spec’s messages', async () => {
    const { user } = await renderPage();
    const logo = section('Logo');
    await user.click(within(logo).getByRole('button', { name: 'Upload' }));
    const input = within(logo).getByTestId('logo-file') as HTMLInputElement;
    const big = new File([new Uint8Array(2000 * 1024 + 1)], 'big.png', { type: 'image/png' });
    await user.upload(input, big);
    expect((await within(logo).findByTestId('logo-file-problem')).textContent).toBe('File Size Exceeds Limit');
    const gif = new File([new Uint8Array(10)], 'x.gif', { type: 'image/gif' });
    fireEvent.change(input, { target: { files: [gif] } });
    await waitFor(() =>
      expect(within(logo).getByTestId('logo-file-problem').textContent).toBe('Unsupported file format'),
    );
    expect(
      requestsTo('POST', `${PATH}/logo`).filter((r) => r.headers.get('content-type')?.includes('multipart')),
    ).toHaveLength(0);
  });

  it('upload: the browser measures the image; the server’s verdict on a good-looking file is shown in place', async () => {
    const size = { width: 1200, height: 400 };
    const realImage = globalThis.Image;
    const realCreate = URL.createObjectURL;
    const realRevoke = URL.revokeObjectURL;
    class FakeImage {
      naturalWidth = size.width;
      naturalHeight = size.height;
      onload: (() => void) | null = null;
      onerror: (() => void) | null = null;
      set src(_value: string) {
        setTimeout(() => this.onload?.(), 0);
      }
    }
    globalThis.Image = FakeImage as unknown as typeof Image;
    URL.createObjectURL = () => 'blob:logo';
    URL.revokeObjectURL = () => undefined;
    try {
      const { user } = await renderPage();
      server.use(http.post(`${PATH}/logo`, () => fail('Listing.LogoInvalid')));
      const logo = section('Logo');
      await user.click(within(logo).getByRole('button', { name: 'Upload' }));
      const input = within(logo).getByTestId('logo-file') as HTMLInputElement;
      await user.upload(input, new File([new Uint8Array(100)], 'wide.png', { type: 'image/png' }));
      expect((await within(logo).findByTestId('logo-file-problem')).textContent).toBe(
        'The image is too large: at most 1000 × 1000 px',
      );

      size.width = 800;
      await user.upload(input, new File([new Uint8Array(100)], 'fake.png', { type: 'image/png' }));
      expect((await within(logo).findByTestId('error-view-message')).textContent).toBe(
        'Invalid image: JPG or PNG only, at most 2000 KB and 1000 px',
      );
      const uploads = requestsTo('POST', `${PATH}/logo`).filter((r) =>
        r.headers.get('content-type')?.includes('multipart/form-data'),
      );
      expect(uploads).toHaveLength(1);
      const file = (await uploads[0]?.formData())?.get('file') as Blob | null | undefined;
      expect(file?.size).toBe(100);
    } finally {
      globalThis.Image = realImage;
      URL.createObjectURL = realCreate;
      URL.revokeObjectURL = realRevoke;
    }
  });

  it('offer listing: clearing the buy-now price sends null; an auction’s terms are locked once approved', async () => {
    let current = listing({ mode: 'offer', priceCents: 50_000, floorCents: 20_000 });
    server.use(
      http.post(PATH, async ({ request }) => {
        const body = (await request.json()) as Partial<Listing>;
        current = { ...current, ...body } as Listing;
        return ok(current);
      }),
    );
    const { user, unmount } = await renderPage({ detail: () => current });
    const sale = section('Sale settings');
    await user.clear(within(sale).getByRole('textbox', { name: 'Buy-now price (optional)' }));
    await user.click(within(sale).getByRole('button', { name: 'Save settings' }));
    await within(sale).findByTestId('sale-saved');
    expect(await requestsTo('POST', PATH)[0]?.json()).toEqual({
      endOption: '3m',
      floorCents: 20_000,
      priceCents: null,
    });
    unmount();

    await renderPage({
      detail: () =>
        listing({ mode: 'auction', priceCents: null, startPriceCents: 1_000, durationDays: 5, auctionId: 'A7' }),
    });
    const auction = section('Sale settings');
    expect(within(auction).getByRole('textbox', { name: 'Start price' })).toHaveProperty('disabled', true);
    expect(auction.textContent).toContain('can change only before it is approved');
    // A running seller auction ends by itself: no switch, no taking it down, no calendar.
    expect(screen.queryByRole('switch', { name: /Quick listing/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Take off the shelf' })).toBeNull();
    expect(screen.getByTestId('calendar-auction').textContent).toContain('set by its bids');
  });

  it('expired listing: listed again from the header; its logo waits until then (no preview asked)', async () => {
    const { user } = await renderPage({ detail: () => listing({ status: 'expired', quickStatus: 'listed' }) });
    expect(screen.getByTestId('logo-locked').textContent).toBe(
      'The logo can change while the listing is open: list it again first.',
    );
    expect(screen.queryByRole('switch', { name: /Quick listing/ })).toBeNull();
    expect(screen.queryByRole('link', { name: /View on market/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'List again' }));
    expect(await screen.findByRole('dialog', { name: 'List this domain again?' })).toBeDefined();
    expect(requestsTo('POST', `${PATH}/logo`)).toHaveLength(0);
  });

  it('quick switch pauses; an ownership pause cannot be switched and says why', async () => {
    let current = listing();
    server.use(
      http.post(`${PATH}/quick`, async ({ request }) => {
        const { listed } = (await request.json()) as { listed: boolean };
        current = listing({ quickStatus: listed ? 'listed' : 'paused', pausedReason: listed ? null : 'seller' });
        return ok(current);
      }),
    );
    const { user, unmount } = await renderPage({ detail: () => current });
    await user.click(screen.getByRole('switch', { name: /Quick listing/ }));
    await waitFor(() => expect(screen.getByRole('switch', { name: /Quick listing/ })).toHaveProperty('checked', false));
    expect(await requestsTo('POST', `${PATH}/quick`)[0]?.json()).toEqual({ listed: false });
    expect(screen.queryByRole('link', { name: /View on market/ })).toBeNull();
    unmount();

    await renderPage({
      detail: () => listing({ quickStatus: 'paused', pausedReason: 'ownership', source: 'external' }),
    });
    expect(screen.getByRole('switch', { name: /Quick listing/ })).toHaveProperty('disabled', true);
    expect(screen.getByTestId('edit-ownership-paused').textContent).toBe('Paused: ownership proof missing');
  });

  it('takes a listing off the shelf after confirming', async () => {
    let current = listing();
    server.use(
      http.post(PATH, () => {
        current = listing({ status: 'off_shelf' });
        return ok(current);
      }),
    );
    const { user } = await renderPage({ detail: () => current });
    await user.click(screen.getByRole('button', { name: 'Take off the shelf' }));
    const dialog = await screen.findByRole('dialog', { name: 'Take brand.com off the shelf?' });
    await user.click(within(dialog).getByRole('button', { name: 'Take off the shelf' }));
    await waitFor(() => expect(screen.getByTestId('edit-status').textContent).toBe('Off the shelf'));
    expect(await requestsTo('POST', PATH)[0]?.json()).toEqual({ action: 'take_down' });
    expect(await screen.findByRole('button', { name: 'List again' })).toBeDefined();
  });
  it('shows the fee lock, the net at the current price, the views and the open offers', async () => {
    await renderPage({
      detail: () =>
        listing({ commissionBps: 350, feeLockedUntil: '2027-11-20T12:00:00.000Z', views: 42, openOffers: 1 }),
    });
    const fees = section('Commission and your net');
    expect(within(fees).getByTestId('fee-lock').textContent).toBe('Commission 3.5% locked until 11/20/2027');
    const net = within(fees).getByTestId('edit-net');
    expect(net.textContent).toContain('Price now$120.00');
    expect(net.textContent).toContain('Commission (3.5%)− $4.20');
    expect(within(net).getByTestId('edit-net-amount').textContent).toBe('$115.80');
    expect(fees.textContent).toContain('42 views');
    const offers = within(fees).getByRole('link', { name: '1 open offer on brand.com' });
    expect(offers.getAttribute('href')).toBe('/console/offers?role=seller&listingId=42');
  });

  it("in Chinese: an auction nets at its start price, and an ended lock uses today's rate", async () => {
    await renderPage({
      locale: 'zh-CN',
      detail: () =>
        listing({
          mode: 'auction',
          priceCents: null,
          startPriceCents: 10_000,
          durationDays: 7,
          commissionBps: 300,
          feeLockedUntil: '2026-01-10T12:00:00.000Z',
        }),
    });
    const fees = section('佣金与净收益');
    expect(within(fees).getByTestId('fee-lock').textContent).toContain('佣金锁定已于');
    // Today's rate is the server's commission parameter (5% by default).
    expect((await within(fees).findByTestId('edit-net')).textContent).toContain('起拍价$100.00');
    expect(within(fees).getByTestId('edit-net-amount').textContent).toBe('$95.00');
    expect(fees.textContent).toContain('暂无待处理报价');
  });
});
