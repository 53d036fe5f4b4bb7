import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { createQueryClient } from './query-client';

const retryOf = (overrides?: Parameters<typeof createQueryClient>[0]) => {
  const retry = createQueryClient(overrides).getDefaultOptions().queries?.retry;
  if (typeof retry !== 'function') throw new Error('expected a retry rule');
  return retry;
};

describe(createQueryClient.name, () => {
  it('never retries a 4xx: the same question gets the same answer', () => {
    const sut = retryOf();
    for (const status of [400, 401, 403, 404, 429]) expect(sut(0, new ApiError(status, 'no'))).toBe(false);
  });

  it('retries a lost connection or a 5xx once', () => {
    const sut = retryOf();
    for (const error of [new ApiError(0, 'Network error'), new ApiError(503, 'down')]) {
      expect(sut(0, error)).toBe(true);
      expect(sut(1, error)).toBe(false);
    }
  });

  it('takes overrides, as the tests do to see failures at once', () => {
    expect(createQueryClient({ retry: false }).getDefaultOptions().queries?.retry).toBe(false);
  });
});
