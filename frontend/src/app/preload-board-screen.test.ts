import { describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch } from '../testing/fetch-stub';
import { signIn } from '../testing/factories';
import { preloadBoardScreen } from './routes';

describe('preloadBoardScreen', () => {
  it('asks for a board opened by its address as the app starts', () => {
    signIn();
    const fetch = stubFetch(() => jsonResponse(200, { _id: 'b-9', lists: [] }));
    preloadBoardScreen('/board/b-9');
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(String(fetch.mock.calls[0]?.[0])).toContain('/api/boards/b-9?view=compact');
  });

  it('asks for the board of its table and its calendar too', () => {
    signIn();
    const fetch = stubFetch(() => jsonResponse(200, { _id: 'b-9', lists: [] }));
    preloadBoardScreen('/board/b-7/table');
    preloadBoardScreen('/board/b-8/calendar');
    expect(fetch.mock.calls.map((call) => String(call[0]))).toEqual([
      expect.stringContaining('/api/boards/b-7?view=compact'),
      expect.stringContaining('/api/boards/b-8?view=compact'),
    ]);
  });

  it('asks for nothing on other screens, or for a visitor who is not signed in', () => {
    const fetch = stubFetch(() => jsonResponse(200, {}));
    preloadBoardScreen('/board/b-10');
    signIn();
    preloadBoardScreen('/projects');
    preloadBoardScreen('/board/b-11/extra');
    expect(fetch).not.toHaveBeenCalled();
  });
});
