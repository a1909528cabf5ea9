import { MutationObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, type ApiErrorKind } from '../lib/api-client.ts';
import { createQueryClient, shouldRetryQuery } from './query-client.ts';

function apiError(kind: ApiErrorKind, code = '500'): ApiError {
  return new ApiError({ code, message: '', kind });
}

/** Runs a query that always fails with `error` (no delay between attempts); resolves with the attempt count. */
async function attemptsOfQuery(error: unknown): Promise<number> {
  const client = createQueryClient();
  const queryFn = vi.fn(async () => {
    throw error;
  });
  await expect(client.fetchQuery({ queryKey: ['q'], queryFn, retryDelay: 0 })).rejects.toBe(error);
  client.clear();
  return queryFn.mock.calls.length;
}

describe('query client retries', () => {
  it('retries a query once after a network error or a timeout', async () => {
    expect(await attemptsOfQuery(apiError('network', 'Network.Error'))).toBe(2);
    expect(await attemptsOfQuery(apiError('timeout'))).toBe(2);
  });

  it('does not retry business, HTTP or invalid answers, caller aborts, or other errors', async () => {
    expect(await attemptsOfQuery(new ApiError({ code: 'Order.NotFound', message: 'x', status: 404 }))).toBe(1);
    expect(await attemptsOfQuery(new ApiError({ code: 'Account.Unauthorized', message: 'x', status: 401 }))).toBe(1);
    expect(await attemptsOfQuery(apiError('http', '502'))).toBe(1);
    expect(await attemptsOfQuery(apiError('invalid', 'Request.Failed'))).toBe(1);
    expect(await attemptsOfQuery(apiError('aborted'))).toBe(1);
    expect(await attemptsOfQuery(apiError('cancelled', 'Account.Mfa.Cancelled'))).toBe(1);
    expect(await attemptsOfQuery(new Error('boom'))).toBe(1);
  });

  it('retries at most once', async () => {
    const client = createQueryClient();
    const queryFn = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(apiError('network', 'Network.Error'))
      .mockRejectedValueOnce(apiError('timeout'))
      .mockResolvedValue('late');
    await expect(client.fetchQuery({ queryKey: ['once'], queryFn, retryDelay: 0 })).rejects.toMatchObject({
      kind: 'timeout',
    });
    expect(queryFn).toHaveBeenCalledTimes(2);
    expect(shouldRetryQuery(0, apiError('network'))).toBe(true);
    expect(shouldRetryQuery(1, apiError('network'))).toBe(false);
  });

  it('never retries a mutation, even after a network error', async () => {
    const client = createQueryClient();
    const mutationFn = vi.fn(async () => {
      throw apiError('network', 'Network.Error');
    });
    const observer = new MutationObserver(client, { mutationFn, retryDelay: 0 });
    await expect(observer.mutate()).rejects.toMatchObject({ kind: 'network' });
    expect(mutationFn).toHaveBeenCalledTimes(1);
  });
});
