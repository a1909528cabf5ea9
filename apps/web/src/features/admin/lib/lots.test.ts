import { LOT_CSV_COLUMNS, parseLotsCsv } from '@namebourse/contract';
import { describe, expect, it } from 'vitest';
import {
  batchesOf,
  dollarsToCents,
  emptyLotForm,
  localInputToIso,
  lotFieldErrors,
  lotFromForm,
  lotResolver,
  lotsCsvTemplate,
  toLocalInput,
} from './lots.ts';

const NOW = new Date('2030-03-01T04:00:00.000Z');

describe('the lots CSV template', () => {
  it('has the contract columns and uploads as it is', () => {
    const text = lotsCsvTemplate(NOW);
    expect(text.split('\r\n')[0]).toBe(LOT_CSV_COLUMNS.join(','));
    const parsed = parseLotsCsv(text);
    expect(parsed.errors).toEqual([]);
    expect(parsed.lots.map((lot) => lot.domain)).toEqual(['example-cloud.com', 'shuma88.net']);
    expect(parsed.lots[1]?.startPriceCents).toBe(2_550);
    expect(parsed.lots[1]?.type).toBe('expired');
  });
});

describe('batches of the upload', () => {
  it('splits 450 lots into 200 + 200 + 50 and keeps the order', () => {
    const items = Array.from({ length: 450 }, (_, i) => i);
    const batches = batchesOf(items, 200);
    expect(batches.map((batch) => batch.length)).toEqual([200, 200, 50]);
    expect(batches.flat()).toEqual(items);
    expect(batchesOf([], 200)).toEqual([]);
  });
});

describe('the add-one-lot form', () => {
  it('turns dollars into cents exactly', () => {
    expect(dollarsToCents('12')).toBe(1_200);
    expect(dollarsToCents('$1,234.5')).toBe(123_450);
    expect(dollarsToCents('0.07')).toBe(7);
    expect(dollarsToCents('1.234')).toBeUndefined();
    expect(dollarsToCents('abc')).toBeUndefined();
  });

  it('reads datetime-local values in the browser time zone', () => {
    const local = toLocalInput(NOW);
    expect(localInputToIso(local)).toBe(NOW.toISOString());
    expect(localInputToIso('')).toBeUndefined();
  });

  it('builds the contract lot from a filled form', () => {
    const values = {
      ...emptyLotForm(NOW),
      domain: ' Alpha.COM ',
      registrar: 'GoDaddy',
      partner: 'P1',
      startPrice: '15.5',
    };
    values.metrics.trustFlow = '40';
    const result = lotFromForm(values);
    expect('lot' in result && result.lot).toMatchObject({
      domain: 'alpha.com',
      type: 'pre-release',
      startPriceCents: 1_550,
      startsAt: NOW.toISOString(),
      metrics: { trustFlow: 40 },
    });
  });

  it('reports each wrong field with a contract message key', () => {
    const values = { ...emptyLotForm(NOW), domain: 'not a domain', startPrice: '1.999' };
    values.endsAt = toLocalInput(new Date(NOW.getTime() + 86_400_000));
    values.metrics.backlinks = '12x';
    const result = lotFromForm(values);
    expect('errors' in result && result.errors).toMatchObject({
      domain: 'domainInvalid',
      registrar: 'required',
      partner: 'required',
      startPrice: 'amountInvalid',
      'metrics.backlinks': 'notInteger',
    });
  });

  it('a lot shorter than 3 days is refused on its end', () => {
    const values = { ...emptyLotForm(NOW), domain: 'a.com', registrar: 'R', partner: 'P', startPrice: '5' };
    values.endsAt = toLocalInput(new Date(NOW.getTime() + 86_400_000));
    const result = lotFromForm(values);
    expect('errors' in result && result.errors.endsAt).toBe('auctionTooShort');
  });

  it('the form resolver puts the message keys under their fields, metrics nested', async () => {
    const values = { ...emptyLotForm(NOW), domain: 'a.com', registrar: '', partner: 'P', startPrice: '5' };
    values.metrics.backlinks = '12x';
    const answer = await lotResolver(values, undefined, { fields: {}, shouldUseNativeValidation: false });
    expect(answer.errors).toMatchObject({
      registrar: { message: 'required' },
      metrics: { backlinks: { message: 'notInteger' } },
    });
    const ok = { ...values, registrar: 'R', metrics: emptyLotForm(NOW).metrics };
    const lot = await lotResolver(ok, undefined, { fields: {}, shouldUseNativeValidation: false });
    expect(lot.errors).toEqual({});
    expect(lot.values).toMatchObject({ domain: 'a.com', startPriceCents: 500 });
  });

  it('maps server field paths of the posted lot onto the form', () => {
    expect(lotFieldErrors({ 'lots.0.domain': 'Taken', 'lots.0.startPriceCents': 'Too small' })).toEqual({
      domain: 'Taken',
      startPrice: 'Too small',
    });
  });
});
