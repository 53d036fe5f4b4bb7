import { describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch } from '../../../testing/fetch-stub';
import { signIn } from '../../../testing/factories';
import { getBoard, prefetchBoard } from './get-board';

describe('prefetchBoard', () => {
  it('starts the read early and hands its answer to the first getBoard, once', async () => {
    signIn();
    const fetch = stubFetch(() => jsonResponse(200, { _id: 'b-1', lists: [] }));
    prefetchBoard('b-1');
    prefetchBoard('b-1');
    expect(fetch).toHaveBeenCalledTimes(1);
    const first = await getBoard('b-1');
    expect(first).toMatchObject({ notModified: false, board: { _id: 'b-1' } });
    expect(fetch).toHaveBeenCalledTimes(1);
    // The next read (a poll, a refetch) asks the server again.
    await getBoard('b-1');
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('does nothing for a visitor who is not signed in', () => {
    const fetch = stubFetch(() => jsonResponse(200, {}));
    prefetchBoard('b-2');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('is not used by a conditional read (a poll with an ETag)', async () => {
    signIn();
    const fetch = stubFetch(() => new Response(null, { status: 304 }));
    prefetchBoard('b-3');
    expect(await getBoard('b-3', 'W/"b-3.1.0"')).toEqual({ notModified: true });
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(new Headers(fetch.mock.calls[1][1]?.headers).get('If-None-Match')).toBe('W/"b-3.1.0"');
  });
});
