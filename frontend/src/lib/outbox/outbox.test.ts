import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signIn } from '../../testing/factories';
import { errorResponse, jsonResponse, stubFetch } from '../../testing/fetch-stub';
import { closeOutboxDb, storedChanges } from './outbox-db';
import {
  drainOutbox,
  listenToOutbox,
  loadOutbox,
  queueChange,
  startOutbox,
  useOutbox,
  type NewChange,
} from './outbox';

const rename = (title: string): NewChange => ({
  boardId: 'b1',
  kind: 'list.rename',
  args: { listId: 'l1', title },
  name: 'To Do',
  method: 'PUT',
  path: '/api/lists/l1',
  body: { title },
});
const answer = (data: unknown) => jsonResponse(200, { data, event: null });
const keyOf = (init: RequestInit) => new Headers(init.headers).get('Idempotency-Key');
const offline = () => Promise.reject(new TypeError('Failed to fetch'));

let stop: () => void = () => {};
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  signIn();
});
afterEach(() => stop());

describe('the outbox', () => {
  it('stores a change in IndexedDB before it is sent', async () => {
    let storedWhenSent: unknown[] = [];
    stubFetch(async () => {
      storedWhenSent = await storedChanges();
      return answer({ title: 'Doing' });
    });

    const outcome = await queueChange(rename('Doing'));

    expect(outcome).toEqual({ sent: true, answer: { data: { title: 'Doing' }, event: null } });
    expect(storedWhenSent).toMatchObject([{ kind: 'list.rename', body: { title: 'Doing' } }]);
    expect(await storedChanges()).toEqual([]);
  });

  it('sends the changes in order, one at a time, each with its own key', async () => {
    const sent: string[] = [];
    let inFlight = 0;
    let most = 0;
    const fetchMock = stubFetch(async (_url, init) => {
      most = Math.max(most, ++inFlight);
      await new Promise((resolve) => setTimeout(resolve, 5));
      sent.push((JSON.parse(String(init.body)) as { title: string }).title);
      inFlight--;
      return answer(null);
    });

    await Promise.all(['A', 'B', 'C'].map((title) => queueChange(rename(title))));

    expect(sent).toEqual(['A', 'B', 'C']);
    expect(most).toBe(1);
    const keys = fetchMock.mock.calls.map(([, init]) => keyOf(init ?? {}));
    expect(new Set(keys).size).toBe(3);
  });

  it('keeps a change without a connection, says how many wait, and sends it with the same key when the browser is back online', async () => {
    let connected = false;
    const fetchMock = stubFetch(() => (connected ? answer(null) : offline()));
    stop = startOutbox(() => {});

    expect(await queueChange(rename('A'))).toEqual({ sent: false });
    expect(await queueChange(rename('B'))).toEqual({ sent: false });
    expect(useOutbox.getState()).toMatchObject({ online: false, changes: [{ body: { title: 'A' } }, {}] });

    connected = true;
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(useOutbox.getState().changes).toHaveLength(0));

    const calls = fetchMock.mock.calls.map(([, init]) => ({
      key: keyOf(init ?? {}),
      title: (JSON.parse(String(init?.body)) as { title: string }).title,
    }));
    const [first] = calls;
    // Every try of A carries A's key; B went only after A, once.
    expect(calls.filter((call) => call.title === 'A').every((call) => call.key === first?.key)).toBe(true);
    expect(calls.filter((call) => call.title === 'B')).toHaveLength(1);
    expect(calls.at(-1)?.title).toBe('B');
    expect(useOutbox.getState().online).toBe(true);
  });

  it('keeps the queue across a reload', async () => {
    stubFetch(offline);
    await queueChange(rename('A'));
    await queueChange(rename('B'));

    closeOutboxDb();
    useOutbox.setState({ changes: [] });

    expect((await loadOutbox()).map((change) => change.body)).toEqual([{ title: 'A' }, { title: 'B' }]);
  });

  it('drops a change the server refuses when it is finally sent, tells its listeners and says which', async () => {
    let connected = false;
    stubFetch((_url, init) => {
      if (!connected) return offline();
      const { title } = JSON.parse(String(init.body)) as { title: string };
      return title === 'A' ? errorResponse(404, 'List not found') : answer(null);
    });
    const refusedSeen: string[] = [];
    const announced: string[] = [];
    const sent: string[] = [];
    const unlisten = listenToOutbox({
      refused: (change, error) => refusedSeen.push(`${change.name}: ${error.status}`),
      sent: (change) => sent.push((change.body as { title: string }).title),
    });
    stop = startOutbox((change, error) => announced.push(`${change.name}: ${error.message}`));
    await queueChange(rename('A'));
    await queueChange(rename('B'));

    connected = true;
    await drainOutbox();
    unlisten();

    expect(refusedSeen).toEqual(['To Do: 404']);
    expect(announced).toEqual(['To Do: List not found']);
    expect(sent).toEqual(['B']);
    expect(await storedChanges()).toEqual([]);
  });

  it('throws a refusal at its first try back to the caller, who says why', async () => {
    stubFetch(() => errorResponse(409, 'The list "Done" is at its limit of 1 cards.'));
    const announce = vi.fn();
    stop = startOutbox(announce);

    await expect(queueChange(rename('A'))).rejects.toMatchObject({ status: 409 });
    expect(announce).not.toHaveBeenCalled();
    expect(await storedChanges()).toEqual([]);
  });

  it('sends only the signed-in person their own changes', async () => {
    stubFetch(offline);
    await queueChange(rename('Theirs'));
    signIn({ _id: 'someone-else' });

    expect(await loadOutbox()).toEqual([]);
    expect(await storedChanges()).toHaveLength(1);
  });
});
