import type { ImportResult, Listing, Ownership } from '@namebourse/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { publicParametersHandler } from '../../../lib/public-parameters.test-support.ts';
import {
  fail,
  fillIn,
  http,
  locationOf,
  ok,
  renderWithProviders,
  requestsTo,
  server,
} from '../../../lib/testing/index.ts';
import { CreateListingPage } from './create-listing-page.tsx';

function listing(patch: Partial<Listing>): Listing {
  return {
    listingId: '21',
    domain: 'alpha.com',
    tld: 'com',
    source: 'held',
    mode: 'fixed',
    status: 'on_sale',
    quickStatus: 'listed',
    pausedReason: null,
    priceCents: 1_234_56,
    floorCents: null,
    startPriceCents: null,
    reservePriceCents: null,
    durationDays: null,
    auctionId: null,
    industries: [],
    keywords: [],
    descriptionZh: '',
    descriptionEn: '',
    logo: null,
    aiTokensLeft: 1,
    endOption: '3m',
    expiresAt: null,
    reviewReason: null,
    pendingChanges: null,
    nextPrice: null,
    createdAt: '2026-11-20T12:00:00.000Z',
    commissionBps: 500,
    feeLockedUntil: '2027-11-01T00:00:00.000Z',
    views: 0,
    openOffers: 0,
    updatedAt: '2026-11-20T12:00:00.000Z',
    ...patch,
  };
}

function renderAt(path = '/console/seller/new', locale: 'en-US' | 'zh-CN' = 'en-US') {
  // The file picker's `accept` is the browser's hint only: the page checks the type itself.
  return renderWithProviders(<CreateListingPage />, {
    path,
    route: '/console/seller/new',
    locale,
    userEventOptions: { applyAccept: false },
  });
}

const ownership = (patch: Partial<Ownership>): Ownership => ({
  domain: 'outside.org',
  recordName: '_namebourse.outside.org',
  recordValue: 'nb-verify=abc123',
  status: 'pending',
  verifiedAt: null,
  lastCheckedAt: null,
  reason: null,
  reasonText: null,
  ...patch,
});

// MUI forms cost a render per event: on a busy machine a test needs more than the default 15 s.
describe('<CreateListingPage> one domain', { timeout: 30_000 }, () => {
  it('lists a domain from ?domain= at a fixed price in exact cents, then shows it on sale with the ways on', async () => {
    server.use(http.post('/api/listings', () => ok(listing({}))));
    const { user } = renderAt('/console/seller/new?domain=Alpha.com');
    const domain = await screen.findByRole('textbox', { name: 'Domain' });
    expect((domain as HTMLInputElement).value).toBe('alpha.com');
    const price = screen.getByRole('textbox', { name: 'Price (USD)' });
    await fillIn(user, price, '2.99');
    await user.click(screen.getByRole('button', { name: 'List it' }));
    expect(await screen.findByText('The minimum listing price is $3.00')).toBeDefined();
    expect(requestsTo('POST', '/api/listings')).toHaveLength(0);

    await fillIn(user, price, '1,234.56');
    // What the seller nets is shown before listing: $1,234.56 − 5% ($61.73) = $1,172.83.
    expect(
      await screen.findByText('You receive $1,172.83 after the 5% commission (the rate is locked for 12 months)'),
    ).toBeDefined();
    await user.click(screen.getByRole('combobox', { name: 'Industries (optional)' }));
    await user.click(await screen.findByRole('option', { name: 'Finance' }));
    await user.click(screen.getByRole('button', { name: 'List it' }));
    const success = await screen.findByTestId('create-success');
    expect(within(success).getByText('alpha.com is on sale')).toBeDefined();
    expect(await requestsTo('POST', '/api/listings')[0]?.json()).toEqual({
      domain: 'alpha.com',
      mode: 'fixed',
      priceCents: 123_456,
      endOption: '3m',
      industries: ['finance'],
    });
    expect(within(success).getByRole('link', { name: 'Edit the listing' }).getAttribute('href')).toBe(
      '/console/seller/21',
    );
    expect(within(success).getByRole('link', { name: 'View on the market' }).getAttribute('href')).toBe(
      '/market/alpha.com',
    );
  });

  it("shows the net at the server's commission of the day (a parameter an operator changed)", async () => {
    server.use(publicParametersHandler({ commissionBps: 350 }));
    const { user } = renderAt('/console/seller/new?domain=Alpha.com');
    const price = await screen.findByRole('textbox', { name: 'Price (USD)' });
    await fillIn(user, price, '1,234.56');
    // $1,234.56 − 3.5% ($43.21) = $1,191.35.
    expect(
      await screen.findByText('You receive $1,191.35 after the 3.5% commission (the rate is locked for 12 months)'),
    ).toBeDefined();
  });

  it('sends an auction with its duration and reserve, and says it waits for review', async () => {
    server.use(
      http.post('/api/listings', () =>
        ok(listing({ mode: 'auction', status: 'pending_review', priceCents: null, startPriceCents: 5_000 })),
      ),
    );
    const { user } = renderAt();
    await fillIn(user, await screen.findByRole('textbox', { name: 'Domain' }), 'alpha.com');
    await user.click(screen.getByRole('radio', { name: /Auction/ }));
    await fillIn(user, screen.getByRole('textbox', { name: 'Start price (USD)' }), '50');
    await fillIn(user, screen.getByRole('textbox', { name: 'Reserve price (USD, optional)' }), '40');
    await user.click(screen.getByRole('button', { name: 'List it' }));
    expect(await screen.findByText('Invalid range: max must be ≥ min')).toBeDefined();
    await fillIn(user, screen.getByRole('textbox', { name: 'Reserve price (USD, optional)' }), '80.5');
    await user.click(screen.getByRole('combobox', { name: 'Duration' }));
    await user.click(await screen.findByRole('option', { name: '3 days' }));
    await user.click(screen.getByRole('button', { name: 'List it' }));
    await screen.findByText('alpha.com is waiting for review');
    expect(await requestsTo('POST', '/api/listings')[0]?.json()).toEqual({
      domain: 'alpha.com',
      mode: 'auction',
      startPriceCents: 5_000,
      reservePriceCents: 8_050,
      durationDays: 3,
      endOption: '3m',
    });
  });

  it('asks for the ownership proof of a domain held elsewhere: TXT record, check, verified, submit again', async () => {
    let verified = false;
    server.use(
      http.post('/api/listings', () =>
        verified
          ? ok(listing({ domain: 'outside.org', source: 'external', status: 'pending_review' }))
          : fail('Listing.DomainNotHeld'),
      ),
      http.get('/api/ownership/outside.org', () => ok(ownership({}))),
      http.post('/api/ownership/outside.org', () => {
        const answer = verified
          ? ownership({ status: 'verified', verifiedAt: '2026-11-27T06:00:00.000Z' })
          : ownership({ status: 'failed', reason: 'record_missing', reasonText: 'No TXT record found yet' });
        verified = true;
        return ok(answer);
      }),
    );
    const { user } = renderAt();
    await fillIn(user, await screen.findByRole('textbox', { name: 'Domain' }), 'outside.org');
    await fillIn(user, screen.getByRole('textbox', { name: 'Price (USD)' }), '300');
    await user.click(screen.getByRole('button', { name: 'List it' }));
    const panel = await screen.findByTestId('ownership-proof');
    expect(await within(panel).findByText('_namebourse.outside.org')).toBeDefined();
    expect(within(panel).getByText('nb-verify=abc123')).toBeDefined();
    expect(within(panel).getByRole('button', { name: 'Copy the record value' })).toBeDefined();

    await user.click(within(panel).getByRole('button', { name: 'Check now' }));
    expect(await within(panel).findByText('The ownership check did not pass: No TXT record found yet')).toBeDefined();
    expect(within(panel).queryByRole('button', { name: 'Submit again' })).toBeNull();

    await user.click(within(panel).getByRole('button', { name: 'Check now' }));
    await user.click(await within(panel).findByRole('button', { name: 'Submit again' }));
    await screen.findByText('outside.org is waiting for review');
    expect(requestsTo('POST', '/api/listings')).toHaveLength(2);
  });

  it('says when the clipboard refuses the TXT value', async () => {
    server.use(
      http.post('/api/listings', () => fail('Listing.OwnershipNotVerified')),
      http.get('/api/ownership/outside.org', () => ok(ownership({}))),
    );
    const { user } = renderAt('/console/seller/new?domain=outside.org');
    await fillIn(user, await screen.findByRole('textbox', { name: 'Price (USD)' }), '300');
    await user.click(screen.getByRole('button', { name: 'List it' }));
    const panel = await screen.findByTestId('ownership-proof');
    await user.click(await within(panel).findByRole('button', { name: 'Copy the record value' }));
    expect(await navigator.clipboard.readText()).toBe('nb-verify=abc123');
    const refuse = vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    await user.click(within(panel).getByRole('button', { name: 'Copy the record value' }));
    expect((await within(panel).findByRole('alert')).textContent).toBe('Copy failed, please copy manually');
    refuse.mockRestore();
  });
});

// MUI forms cost a render per event: on a busy machine a test needs more than the default 15 s.
describe('<CreateListingPage> batch and Excel', { timeout: 30_000 }, () => {
  it('checks the lines as typed, sends them 100 at a time with progress, and merges one report', async () => {
    const calls: string[] = [];
    let release = () => {};
    const secondChunk = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use(
      http.post('/api/listings/import', async ({ request }) => {
        const body = (await request.json()) as { lines: string; endOption: string };
        calls.push(body.endOption);
        if (calls.length === 2) await secondChunk;
        const lines = body.lines.split('\n');
        const result: ImportResult = { accepted: [], refused: [] };
        lines.forEach((line, index) => {
          const domain = line.split(' ')[0] ?? '';
          if (domain.startsWith('taken')) {
            result.refused.push({ row: index + 1, domain, code: 'Listing.AlreadyListed', message: 'Already listed' });
          } else result.accepted.push({ row: index + 1, domain, listingId: String(index), status: 'on_sale' });
        });
        return ok(result);
      }),
    );
    const { user, router } = renderAt('/console/seller/new?tab=batch');
    const lines = [...Array.from({ length: 149 }, (_, i) => `name${i}.com ${10 + i}`), 'taken.com 25'].join('\n');
    const area = await screen.findByRole('textbox', { name: 'Domains and prices' });
    fireEvent.change(area, { target: { value: `${lines}\nbad_domain 5\ncheap.com 2` } });
    expect(screen.getByText('152 / 500 lines')).toBeDefined();
    const preview = screen.getByTestId('batch-preview');
    expect(
      within(preview).getByText(
        'Line 151 (bad_domain 5): Invalid domain format. Use dots (.) between parts. Exclude www.',
      ),
    ).toBeDefined();
    expect(within(preview).getByText('Line 152 (cheap.com 2): The minimum listing price is $3.00')).toBeDefined();

    fireEvent.change(area, { target: { value: lines } });
    await user.click(screen.getByRole('combobox', { name: 'Listing period' }));
    await user.click(await screen.findByRole('option', { name: '1 year' }));
    await user.click(screen.getByRole('button', { name: 'List 150 lines' }));
    const bar = await screen.findByRole('progressbar', { name: 'Listing… 100 / 150 lines' });
    expect(bar.getAttribute('aria-valuenow')).toBe('67');
    release();
    const report = await screen.findByTestId('import-report');
    expect(within(report).getByText('Partly done: 149 succeeded, 1 failed')).toBeDefined();
    expect(calls).toEqual(['1y', '1y']);
    const refused = within(report)
      .getAllByTestId('report-row')
      .filter((row) => row.dataset.kind === 'refused');
    expect(refused.map((row) => row.textContent)).toEqual(['150taken.comAlready listed']);
    expect(locationOf(router)).toContain('tab=batch');

    // The refused line goes back into the box, to correct and send again.
    await user.click(screen.getByRole('button', { name: 'Correct the refused lines' }));
    expect((screen.getByRole('textbox', { name: 'Domains and prices' }) as HTMLTextAreaElement).value).toBe(
      'taken.com 25',
    );
  });

  it('refuses more than 500 lines before sending anything', async () => {
    const { user } = renderAt('/console/seller/new?tab=batch');
    const area = await screen.findByRole('textbox', { name: 'Domains and prices' });
    fireEvent.change(area, { target: { value: Array.from({ length: 501 }, (_, i) => `n${i}.com 10`).join('\n') } });
    expect(screen.getByText('At most 500 lines at a time')).toBeDefined();
    expect(screen.getByRole('button', { name: 'List 501 lines' })).toHaveProperty('disabled', true);
    void user;
  });

  it('refuses a wrong file type and a file over 2 MB before uploading (Chinese)', async () => {
    const { user } = renderAt('/console/seller/new?tab=excel', 'zh-CN');
    const input = (await screen.findByTestId('excel-input')) as HTMLInputElement;
    await user.upload(input, new File(['a,b'], 'names.csv', { type: 'text/csv' }));
    expect((await screen.findByTestId('excel-problem')).textContent).toBe('不支持的文件格式');
    const big = new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'names.xlsx', {
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    });
    await user.upload(input, big);
    expect((await screen.findByTestId('excel-problem')).textContent).toBe('文件大小超出限制');
    expect(screen.getByRole('button', { name: '上传并上架' })).toHaveProperty('disabled', true);
    expect(requestsTo('POST', '/api/listings/import')).toHaveLength(0);
  });

  it('uploads an Excel file and shows the report; a parse error gets the spec’s message', async () => {
    let failure: 'parse' | 'columns' | null = 'parse';
    server.use(
      http.post('/api/listings/import', () =>
        failure === 'parse'
          ? fail('Listing.FileParseError')
          : failure === 'columns'
            ? fail('Request.Invalid', { data: { fields: { file: 'Missing required columns: Price (USD)' } } })
            : ok({
                accepted: [{ row: 2, domain: 'one.com', listingId: '1', status: 'pending_review' }],
                refused: [{ row: 3, domain: 'two.com', code: 'Listing.DomainNotHeld', message: 'Not in your account' }],
              } satisfies ImportResult),
      ),
    );
    const { user } = renderAt('/console/seller/new?tab=excel');
    const input = (await screen.findByTestId('excel-input')) as HTMLInputElement;
    const file = new File([new Uint8Array(1000)], 'names.xlsx', {
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    });
    await user.upload(input, file);
    await user.click(screen.getByRole('button', { name: 'Upload and list' }));
    expect((await screen.findByTestId('excel-problem')).textContent).toBe('File parsing error');
    failure = 'columns';
    await user.upload(input, file);
    await user.click(screen.getByRole('button', { name: 'Upload and list' }));
    await waitFor(() =>
      expect(screen.getByTestId('excel-problem').textContent).toBe(
        'File parsing error: Missing required columns: Price (USD)',
      ),
    );
    failure = null;
    await user.upload(input, file);
    await user.click(screen.getByRole('button', { name: 'Upload and list' }));
    const report = await screen.findByTestId('import-report');
    expect(within(report).getByText('Partly done: 1 succeeded, 1 failed')).toBeDefined();
    expect(within(report).getByText('Not in your account')).toBeDefined();
    const sent = requestsTo('POST', '/api/listings/import').at(-1);
    await waitFor(() => expect(sent?.headers.get('content-type')).toContain('multipart/form-data'));
  });
});
