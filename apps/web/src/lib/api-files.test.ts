import { describe, expect, it, vi } from 'vitest';
import { calls, fail, ok, script, slowBody } from './api-client.test-support.ts';
import { api, configureApiClient, filenameFromContentDisposition } from './api-client.ts';
import { getFeedbackState } from './feedback-store.ts';

describe('download mode', () => {
  it('saves a non-JSON answer under the content-disposition filename (filename* first)', async () => {
    const saveFile = vi.fn();
    configureApiClient({ saveFile });
    script(
      () =>
        new Response('%PDF-1.7', {
          headers: {
            'content-type': 'application/pdf',
            'content-disposition': `attachment; filename="invoice.pdf"; filename*=UTF-8''%E5%8F%91%E7%A5%A8-1.pdf`,
          },
        }),
    );
    const result = await api.download('/orders/1/invoice');
    expect(result).toMatchObject({ saved: true, filename: '发票-1.pdf' });
    expect(saveFile).toHaveBeenCalledTimes(1);
    const [blob, filename] = saveFile.mock.calls[0] as [Blob, string];
    expect(filename).toBe('发票-1.pdf');
    expect(await blob.text()).toBe('%PDF-1.7');
  });

  it('falls back to the path when no filename is given, and handles JSON answers as envelopes', async () => {
    const saveFile = vi.fn();
    configureApiClient({ saveFile });
    script(
      () => new Response('a,b', { headers: { 'content-type': 'text/csv' } }),
      () => fail('Funds.ExportFailed', 'Export failed, please try again later', null, 500),
      () => ok({ url: '/x' }),
    );
    await expect(api.download('/funds/transactions', { format: 'csv' })).resolves.toMatchObject({
      filename: 'transactions',
    });
    expect(calls[0]?.url).toBe('/api/funds/transactions?format=csv');
    await expect(api.download('/funds/transactions')).rejects.toMatchObject({ code: 'Funds.ExportFailed' });
    expect(getFeedbackState().toast?.message).toBe('Export failed, please try again later');
    await expect(api.download('/funds/transactions')).resolves.toEqual({ saved: false, data: { url: '/x' } });
    expect(saveFile).toHaveBeenCalledTimes(1);
  });

  it('stops the timeout once the headers are in, so a large file is not cut off', async () => {
    vi.useFakeTimers();
    const saveFile = vi.fn();
    configureApiClient({ saveFile });
    script((call) =>
      slowBody(call, 'a,b\n1,2', 'text/csv', 6000, { 'content-disposition': 'attachment; filename="export.csv"' }),
    );
    const pending = api.download('/funds/transactions').catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(6000);
    await expect(pending).resolves.toMatchObject({ saved: true, filename: 'export.csv' });
    expect(calls[0]?.signal?.aborted).toBe(false);
    const [blob] = saveFile.mock.calls[0] as [Blob, string];
    expect(await blob.text()).toBe('a,b\n1,2');
    expect(getFeedbackState().toast).toBeNull();
  });

  it('still times out when the headers of a download do not arrive in time, and the caller can cancel the body', async () => {
    vi.useFakeTimers();
    configureApiClient({ saveFile: vi.fn() });
    script(
      (call) =>
        new Promise<Response>((_resolve, reject) => {
          call.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const late = api.download('/funds/transactions').catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(5000);
    await expect(late).resolves.toMatchObject({ code: '500', kind: 'timeout' });

    const controller = new AbortController();
    script((call) => slowBody(call, 'a,b', 'text/csv', 60_000));
    const cancelled = api.download('/funds/transactions', undefined, { signal: controller.signal }).catch((e) => e);
    await vi.advanceTimersByTimeAsync(10_000);
    controller.abort();
    await expect(cancelled).resolves.toMatchObject({ code: '500', kind: 'aborted' });
  });

  it('parses content-disposition filenames', () => {
    expect(filenameFromContentDisposition('attachment; filename="a b.pdf"')).toBe('a b.pdf');
    expect(filenameFromContentDisposition('attachment; filename=report.xlsx')).toBe('report.xlsx');
    expect(filenameFromContentDisposition(`attachment; filename*=UTF-8''%E4%B8%AD%E6%96%87.csv`)).toBe('中文.csv');
    expect(filenameFromContentDisposition(`attachment; filename*="UTF-8''a%20b.txt"`)).toBe('a b.txt');
    expect(filenameFromContentDisposition(`attachment; filename*=iso-8859-1'en'%A3%20rates.txt`)).toBe('£ rates.txt');
    expect(filenameFromContentDisposition('attachment; filename="\\"q\\".txt"')).toBe('"q".txt');
    expect(filenameFromContentDisposition('attachment; filename="../../etc/passwd"')).toBe('passwd');
    expect(filenameFromContentDisposition('attachment; filename=%E5%8F%91.pdf')).toBe('发.pdf');
    expect(filenameFromContentDisposition('inline')).toBeNull();
    expect(filenameFromContentDisposition(null)).toBeNull();
  });
});
